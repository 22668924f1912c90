def two_lambdas():
    return (lambda: 1), (lambda: 2)


def nested_lambda():
    return lambda: lambda: 3


def lambda_in_genexpr(xs):
    return list(f
                for f in (lambda: x for x in xs))


def genexpr_in_lambda():
    return lambda xs: sum(x for x in xs)


class Stale:
    def renamed(self):
        pass
