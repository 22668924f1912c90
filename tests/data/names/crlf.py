class Windows:
    def crlf(self):
        return 1

    def second(self):
        pass
