# café in a comment
class Good:
    def fine(self):
        return 'ÿ'

class Badÿ:
    def method(self):
        pass

def last():
    pass
