"""Classes, nested scopes, decorators and async code: every code object has a co_qualname
that the source lookup must reproduce. Not imported by anything; compiled by the tests.

def not_a_function():    (inside a docstring)
class NotAClass:
"""
import functools


def deco(*args, **kwargs):
    def wrap(f):
        return f
    return wrap


class Event:
    """An event.  def fake(): pass"""

    kind = "event"
    handlers = [h for h in range(3)]
    key = lambda self: self.kind

    def __init__(self, name):
        self.name = name

    def run(self):
        def step(x):
            return x + 1
        return step(1)

    @property
    def label(self):
        return self.name

    @staticmethod
    @deco(
        "multi-line",
        flag=True,
    )
    def make(
        name,
        *,
        loud=False,
    ) -> "Event":
        return Event(name)

    @classmethod
    def build(cls): return cls("built")

    class Inner:
        def method(self):
            class Deeper:
                def deepest(self):
                    return [i for i in range(2)]
            return Deeper

        async def coro(self):
            async def helper():
                return 1
            return await helper()

    def uses_generator(self, items):
        return sum(x * 2 for x in items)


class EventA(Event):
    def other(self):
        return self.run()


def outer(a, b=lambda: 0):
    # a comment that mentions def inner(): and class X:
    s = 'def fake(): pass'
    t = """
def also_fake():
    pass
"""
    def inner(c):
        def innermost():
            return c
        return innermost

    class Local:
        def m(self):
            return 1

    f = lambda y: y * 2
    g = {k: v for k, v in zip("ab", "cd")}
    h = {v for v in "xyz"}
    return inner, Local, f, g, h, s, t


@functools.lru_cache(maxsize=None)
def cached(n):
    return n


@deco
# a comment between decorator and def
@deco()

def decorated_with_gap():
    pass


async def top_coro():
    async with deco() as d:
        pass
    async for x in deco():
        pass


def one_liner(): return [x for x in range(3)]
class OneLineClass: pass


def with_global():
    global made_global

    def made_global():
        return 2

    class AlsoGlobalParent:
        def meth(self):
            pass
    return made_global


def continued(a, \
              b):
    return a + \
        b


def strings():
    a = "unterminated? no: \" quote"
    b = r'raw \' still inside'
    c = f"value {a!r:>10} and {{braces}} {b:{'>'}{10}}"
    d = f'{a:\'>10}' if False else f"{a:'>10}"
    e = f"""multi
    line {a
          } and {b}
    """
    g = "\N{EM DASH}"
    return a, b, c, d, e, g


class Base(object):
    def area(self):
        return 0.0


class Rect(Base):
    def area(self):
        return 1.0


if __name__ == "__main__":
    def main_guarded():
        return Rect().area()
    main_guarded()
else:
    class Conditional:
        def cond_method(self):
            return None
