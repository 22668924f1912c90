class Ünïcode:
    def ﬁle(self):
        return 'ﬁ'

    def café(self):
        pass
