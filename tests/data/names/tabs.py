class Tabbed:
	def one(self):
	    return 1

	def two(self):
		def nested():
		 pass
		return nested


class Odd:
   def three(self):
      x = (1,
	2)
 
      return x
   class Two:
    def four(self):
     pass

def after_form_feed():
    pass
