# Python 2 only: Python 3 cannot compile this file
class Old(object):
    def show(self):
        print "old", `self`
        return ur"raw unicode"

    def __nonzero__(self):
        exec "x = 1"
        return 0777L != 0


def top():
    print >>sys.stderr, "x"
