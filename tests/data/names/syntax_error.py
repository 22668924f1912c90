class Before:
    def ok(self):
        return 1


def broken(self):
    return = 5


class After:
    def still_found(self):
        pass


def unclosed(:
    x = (1, 2


def lost():
    pass
