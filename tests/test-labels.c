/* test-labels.c: the text on a bar for names as profiles record them.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-labels.h"

typedef struct
{
  const char *name;
  const char *label;
} LabelCase;

static const LabelCase label_cases[] = {
  { "<method 'reduce' of 'numpy.ufunc' objects>", "reduce" },
  { "<method 'append' of 'list' objects>", "append" },
  { "<method '__exit__' of '_io._IOBase' objects>", "__exit__" },
  { "<slot wrapper '__init__' of 'object' objects>", "__init__" },
  { "<built-in method builtins.exec>", "exec" },
  { "<built-in method time.sleep>", "sleep" },
  { "<built-in method numpy.core._multiarray_umath.implement_array_function>",
    "implement_array_function" },
  { "<built-in method from_bytes>", "from_bytes" },
  { "<built-in method __new__ of type object at 0x9534a0>", "__new__" },
  { "<built-in function len>", "len" },
  { "<function Random.seed at 0x7f6aaf572ca0>", "Random.seed" },
  { "<function SeedSequence.generate_state at 0x7f723e9a4360>", "SeedSequence.generate_state" },
  { "<function main at 0x7f1d9ba9f2e0>", "main" },
  { "<cyfunction fast at 0x7f00>", "fast" },
  { "<bound method Job.run of <__main__.Job object at 0x7f00>>", "Job.run" },
  { "<code object <module> at 0x7f00, file \"x.py\", line 1>", "<module>" },
  { "<code object <module>>", "<module>" },
  /* Python 2 */
  { "<len>", "len" },
  { "<math.sqrt>", "sqrt" },
  { "<range>", "range" },
  /* compiler-made names stay */
  { "<module>", "<module>" },
  { "<lambda>", "<lambda>" },
  { "<listcomp>", "<listcomp>" },
  { "<dictcomp>", "<dictcomp>" },
  { "<setcomp>", "<setcomp>" },
  { "<genexpr>", "<genexpr>" },
  /* plain and already qualified names */
  { "run", "run" },
  { "Rect.area", "Rect.area" },
  { "café", "café" },
  /* odd inputs stay as they are */
  { "", "" },
  { "<", "<" },
  { ">", ">" },
  { "<>", "<>" },
  { "<<>>", "<<>>" },
  { "<.>", "<.>" },
  { "<a.>", "<a.>" },
  { "<1abc>", "<1abc>" },
  { "<method 'x' of 'y' objects", "<method 'x' of 'y' objects" },
  { "<method '' of 'y' objects>", "<method '' of 'y' objects>" },
  { "<method 'unclosed of 'y' objects>", "<method 'unclosed of 'y' objects>" },
  { "<built-in method >", "<built-in method >" },
  { "<built-in method a.>", "<built-in method a.>" },
  { "<built-in method x trailing>", "<built-in method x trailing>" },
  { "<function  at 0x1>", "<function  at 0x1>" },
  { "<generic parameters of f>", "<generic parameters of f>" },
  { "method 'x' of 'y' objects>", "method 'x' of 'y' objects>" },
};

static void
test_label_table (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (label_cases); i++)
    {
      g_autofree char *label = hearth_names_make_label (label_cases[i].name);

      g_test_message ("%s", label_cases[i].name);
      g_assert_cmpstr (label, ==, label_cases[i].label);
    }
}

static void
test_label_long (void)
{
  g_autoptr (GString) name = g_string_new ("<built-in method ");
  g_autofree char *label = NULL;
  g_autofree char *plain = NULL;
  g_autofree char *long_name = g_strnfill (300, 'x');

  for (guint i = 0; i < 30; i++)
    g_string_append (name, "module.");
  g_string_append (name, long_name);
  g_string_append_c (name, '>');
  label = hearth_names_make_label (name->str);
  g_assert_cmpstr (label, ==, long_name);

  plain = hearth_names_make_label (long_name);
  g_assert_cmpstr (plain, ==, long_name);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/names/label/table", test_label_table);
  g_test_add_func ("/names/label/long", test_label_long);

  return g_test_run ();
}
