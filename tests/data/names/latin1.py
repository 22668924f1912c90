# -*- coding: latin-1 -*-
class Café:
    def méthode(self):
        return 'à'
