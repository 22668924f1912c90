/* test-profile-dialog.c: Profile a Script from the window, with the real python3: both
 * profilers open their profile in the window, a script that raises keeps its output and
 * status in view, Cancel leaves no process behind.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <errno.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "hearth-profile-dialog.h"
#include "hearth-test-ui.h"
#include "hearth-test-util.h"
#include "hearth-window-private.h"

#define RUN_TIMEOUT_MS 60000

static HearthApplication *app;
static char *tmp_dir;

typedef struct
{
  HearthWindow        *window;
  HearthProfileDialog *dialog;
  char                *script;
} Fixture;

static const char work_script[] =
  "def work():\n"
  "    total = 0\n"
  "    for i in range(300000):\n"
  "        total += i * i\n"
  "    return total\n"
  "\n"
  "print('working on', work())\n";

static const char raising_script[] =
  "import sys\n"
  "print('before the error', sys.argv[1:])\n"
  "raise ValueError('broken on purpose')\n";

static const char reading_script[] =
  "print('got', repr(input()))\n";

static const char sleeping_script[] =
  "import time\n"
  "print('sleeping', flush=True)\n"
  "while True:\n"
  "    time.sleep(0.05)\n";

/* ignores SIGINT, so only the SIGTERM after the grace period stops it */
static const char stubborn_script[] =
  "import signal, time\n"
  "signal.signal(signal.SIGINT, signal.SIG_IGN)\n"
  "print('sleeping', flush=True)\n"
  "while True:\n"
  "    time.sleep(0.05)\n";

static HearthProfileDialog *
find_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();  /* (transfer none) */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) window = g_list_model_get_item (toplevels, i);

      if (HEARTH_IS_PROFILE_DIALOG (window))
        return HEARTH_PROFILE_DIALOG (window);
    }
  return NULL;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  if (!hearth_test_ui_have_display ())
    return;
  f->window = hearth_window_new (GTK_APPLICATION (app));
  gtk_window_set_default_size (GTK_WINDOW (f->window), 900, 600);
  gtk_window_present (GTK_WINDOW (f->window));
  /* the menu's and the welcome page's action */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.profile", NULL));
  f->dialog = find_dialog ();
  g_assert_nonnull (f->dialog);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (f->dialog)) == GTK_WINDOW (f->window));
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (f->dialog)));
  g_object_add_weak_pointer (G_OBJECT (f->dialog), (gpointer *) &f->dialog);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  if (f->dialog != NULL)
    {
      g_object_remove_weak_pointer (G_OBJECT (f->dialog), (gpointer *) &f->dialog);
      gtk_window_destroy (GTK_WINDOW (f->dialog));
    }
  if (f->window != NULL)
    hearth_test_close_windows (app);
  if (f->script != NULL)
    g_remove (f->script);
  g_free (f->script);
}

static void
write_script (Fixture    *f,
              const char *name,
              const char *text)
{
  f->script = g_build_filename (tmp_dir, name, NULL);
  g_assert_true (g_file_set_contents (f->script, text, -1, NULL));
}

static void
press_run (Fixture  *f,
           gboolean  sample)
{
  hearth_profile_dialog_set_target (f->dialog, f->script, FALSE);
  hearth_profile_dialog_set_fields (f->dialog, "one 'two words'", NULL, "python3", sample);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->dialog), "profile.run", NULL));
  g_assert_true (hearth_profile_dialog_is_running (f->dialog));
  g_assert_cmpint (hearth_profile_dialog_get_pid (f->dialog), >, 0);
}

static gboolean
dialog_gone_and_tree (gpointer user_data)
{
  Fixture *f = user_data;

  return f->dialog == NULL && hearth_test_window_has_tree (f->window);
}

static gboolean
not_running (gpointer user_data)
{
  Fixture *f = user_data;

  return f->dialog == NULL || !hearth_profile_dialog_is_running (f->dialog);
}

/* Whether a bar of the first @depths rows is labelled @label. */
static gboolean
tree_has_label (HearthWindow *window,
                guint         depths,
                const char   *label)
{
  HearthSession *session = hearth_window_get_session (window);
  HearthCallTree *tree = hearth_session_get_tree (session);
  HearthNames *names = hearth_session_get_names (session);
  guint n_functions = hearth_profile_get_n_functions (hearth_session_get_profile (session));

  for (guint depth = 0; depth < depths; depth++)
    {
      guint n = 0;
      const guint *row = hearth_call_tree_get_row (tree, depth, &n);

      for (guint i = 0; i < n; i++)
        {
          const HearthNode *node = hearth_call_tree_get_node (tree, row[i]);

          if (node->function >= n_functions)
            continue;  /* the "all" bar above a stack profile's roots */
          g_test_message ("row %u: %s", depth, hearth_names_get_label (names, node->function));
          if (g_strcmp0 (hearth_names_get_label (names, node->function), label) == 0)
            return TRUE;
        }
    }
  return FALSE;
}

static void
remove_profile (HearthWindow *window)
{
  GFile *file = hearth_window_get_file (window);

  g_assert_nonnull (file);
  g_assert_true (g_file_delete (file, NULL, NULL));
}

/* The profile opens in the window: cProfile's root is the script's <module>; the sampler's
 * stacks start there too, under the bar of the whole run. */
static void
test_profiled (Fixture       *f,
               gconstpointer  data)
{
  gboolean sample = GPOINTER_TO_INT (data);
  g_autofree char *base = NULL;

  if (hearth_test_ui_skip ())
    return;
  write_script (f, "work.py", work_script);
  press_run (f, sample);
  g_assert_true (hearth_test_wait_until (dialog_gone_and_tree, f, RUN_TIMEOUT_MS));
  base = g_file_get_basename (hearth_window_get_file (f->window));
  g_assert_cmpstr (base, ==, sample ? "work.speedscope.json" : "work.prof");
  if (!sample)
    g_assert_true (g_str_has_prefix (gtk_label_get_text (GTK_LABEL (f->window->root_label)),
                                     "<module>"));
  g_assert_true (tree_has_label (f->window, sample ? 2 : 1, "<module>"));
  g_assert_true (tree_has_label (f->window, sample ? 3 : 2, "work"));
  remove_profile (f->window);
}

static void
test_raises (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *output = NULL;
  g_autofree char *written = NULL;

  if (hearth_test_ui_skip ())
    return;
  write_script (f, "raises.py", raising_script);
  press_run (f, FALSE);
  g_assert_true (hearth_test_wait_until (not_running, f, RUN_TIMEOUT_MS));
  g_assert_nonnull (f->dialog);
  output = hearth_profile_dialog_get_output (f->dialog);
  g_test_message ("status: %s", hearth_profile_dialog_get_status (f->dialog));
  /* the arguments as g_shell_parse_argv splits them */
  g_assert_nonnull (strstr (output, "before the error ['one', 'two words']"));
  g_assert_nonnull (strstr (output, "Traceback"));
  g_assert_nonnull (strstr (output, "ValueError: broken on purpose"));
  g_assert_nonnull (strstr (hearth_profile_dialog_get_status (f->dialog), "status 1 "));
  /* the window did not open anything; the part that ran was written and is named */
  g_assert_true (hearth_window_is_empty (f->window));
  written = g_build_filename (tmp_dir, "raises.prof", NULL);
  g_assert_true (g_file_test (written, G_FILE_TEST_IS_REGULAR));
  g_assert_nonnull (strstr (hearth_profile_dialog_get_status (f->dialog), written));
  g_remove (written);
}

/* nothing is typed into the dialog: input () ends at once instead of waiting */
static void
test_reads_input (Fixture       *f,
                  gconstpointer  data)
{
  g_autofree char *output = NULL;
  g_autofree char *written = NULL;

  int pipe_fds[2], saved_stdin;

  if (hearth_test_ui_skip ())
    return;
  /* Hearth's own input is a pipe nobody writes to, as a terminal nobody types in would be */
  g_assert_cmpint (pipe (pipe_fds), ==, 0);
  saved_stdin = dup (STDIN_FILENO);
  g_assert_cmpint (dup2 (pipe_fds[0], STDIN_FILENO), ==, STDIN_FILENO);
  write_script (f, "reads.py", reading_script);
  press_run (f, FALSE);
  g_assert_true (hearth_test_wait_until (not_running, f, RUN_TIMEOUT_MS));
  dup2 (saved_stdin, STDIN_FILENO);
  close (saved_stdin);
  close (pipe_fds[0]);
  close (pipe_fds[1]);
  g_assert_nonnull (f->dialog);
  output = hearth_profile_dialog_get_output (f->dialog);
  g_assert_nonnull (strstr (output, "EOFError"));
  g_assert_nonnull (strstr (hearth_profile_dialog_get_status (f->dialog), "status 1 "));
  written = g_build_filename (tmp_dir, "reads.prof", NULL);
  g_remove (written);
}

static gboolean
sleeping (gpointer user_data)
{
  Fixture *f = user_data;
  g_autofree char *output = hearth_profile_dialog_get_output (f->dialog);

  return strstr (output, "sleeping") != NULL;
}

/* Cancel, then the child is gone and reaped: no such process, not even a zombie of ours. */
static void
cancel_and_check (Fixture    *f,
                  const char *action,
                  const char *expected_status,
                  double      min_s)
{
  GPid pid = hearth_profile_dialog_get_pid (f->dialog);
  gint64 start;
  double took;

  g_assert_true (hearth_test_wait_until (sleeping, f, RUN_TIMEOUT_MS));
  g_assert_true (g_str_has_prefix (hearth_profile_dialog_get_status (f->dialog), "Running for "));
  g_assert_cmpint (kill (pid, 0), ==, 0);
  start = g_get_monotonic_time ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->dialog), action, NULL));
  g_assert_true (hearth_test_wait_until (not_running, f, RUN_TIMEOUT_MS));
  took = (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;
  g_test_message ("stopped in %.2f s", took);
  g_assert_cmpfloat (took, >=, min_s);
  g_assert_cmpint (kill (pid, 0), ==, -1);
  g_assert_cmpint (errno, ==, ESRCH);
  g_assert_cmpint (waitpid (pid, NULL, WNOHANG), ==, -1);
  g_assert_cmpint (errno, ==, ECHILD);
  g_assert_true (hearth_window_is_empty (f->window));
  if (expected_status == NULL)
    {
      /* closing asked during the run: the dialog goes once the child is gone */
      g_assert_null (f->dialog);
      return;
    }
  g_test_message ("status: %s", hearth_profile_dialog_get_status (f->dialog));
  g_assert_true (g_str_has_prefix (hearth_profile_dialog_get_status (f->dialog), "Stopped"));
  g_assert_nonnull (strstr (hearth_profile_dialog_get_status (f->dialog), expected_status));
}

static void
test_cancel (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *written = NULL;

  if (hearth_test_ui_skip ())
    return;
  write_script (f, "sleeps.py", sleeping_script);
  press_run (f, GPOINTER_TO_INT (data));
  cancel_and_check (f, "profile.cancel", "(status 130)", 0.0);
  written = g_build_filename (tmp_dir, GPOINTER_TO_INT (data) ? "sleeps.speedscope.json"
                                                              : "sleeps.prof", NULL);
  g_remove (written);
}

static void
test_cancel_stubborn (Fixture       *f,
                      gconstpointer  data)
{
  g_autofree char *written = g_build_filename (tmp_dir, "stubborn.prof", NULL);

  if (hearth_test_ui_skip ())
    return;
  write_script (f, "stubborn.py", stubborn_script);
  press_run (f, FALSE);
  /* SIGINT is ignored: SIGTERM comes after the 2 s grace period */
  cancel_and_check (f, "profile.cancel", "(status 143)", 1.9);
  g_remove (written);
}

static void
test_close_running (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *written = g_build_filename (tmp_dir, "sleeps.prof", NULL);

  if (hearth_test_ui_skip ())
    return;
  write_script (f, "sleeps.py", sleeping_script);
  press_run (f, FALSE);
  cancel_and_check (f, "window.close", NULL, 0.0);
  g_remove (written);
}

/* Profile Again, Get Exact Chains and the memory ------------------------------------------- */

/* a helper called from two places, with a different step each: cProfile splits its time into
 * four estimated chains (prepare > helper > smooth among them), the sampler finds the two
 * true ones. The steps are methods: cProfile names them `load`, the sampler `Steps.load`.
 * Pure Python, so the sampler sees every frame cProfile does; long enough (some 40 ms
 * alone) for its 5 ms ticks: at 3 ms the sampled run often had no sample at all. */
static const char chains_script[] =
  "class Steps:\n"
  "    def load(self, n):\n"
  "        total = 0\n"
  "        for i in range(n):\n"
  "            total += i * i\n"
  "        return total\n"
  "\n"
  "    def smooth(self, n):\n"
  "        total = 0\n"
  "        for i in range(n):\n"
  "            total += i % 7\n"
  "        return total\n"
  "\n"
  "def helper(step, n):\n"
  "    return step(n)\n"
  "\n"
  "def prepare():\n"
  "    return helper(Steps().load, 600000)\n"
  "\n"
  "def analyze():\n"
  "    return helper(Steps().smooth, 200000)\n"
  "\n"
  "print('chains', prepare() + analyze())\n";

static gboolean
has_compare_window (gpointer user_data)
{
  return hearth_test_has_matched_compare_window (app);
}

static GtkCheckButton *
find_check (GtkWidget  *widget,
            const char *label)
{
  if (GTK_IS_CHECK_BUTTON (widget)
      && g_strcmp0 (gtk_check_button_get_label (GTK_CHECK_BUTTON (widget)), label) == 0)
    return GTK_CHECK_BUTTON (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkCheckButton *found = find_check (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The run through the form and the window showing its profile. */
static void
run_to_window (Fixture    *f,
               const char *arguments,
               const char *python,
               gboolean    sample)
{
  hearth_profile_dialog_set_target (f->dialog, f->script, FALSE);
  hearth_profile_dialog_set_fields (f->dialog, arguments, NULL, python, sample);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->dialog), "profile.run", NULL));
  g_assert_true (hearth_test_wait_until (dialog_gone_and_tree, f, RUN_TIMEOUT_MS));
}

static char *
compared_file (guint run)
{
  HearthCompareWindow *compare = hearth_test_find_compare_window (app);
  GFile *file = hearth_session_get_file (hearth_compare_window_get_session (compare, run));

  return file != NULL ? g_file_get_path (file) : NULL;
}

/* --cpu and --threads: the sampler's only; with cProfile insensitive, and the tooltip says why. */
static void
test_sampler_options (Fixture       *f,
                      gconstpointer  data)
{
  GtkCheckButton *cpu, *threads;

  if (hearth_test_ui_skip ())
    return;
  cpu = find_check (GTK_WIDGET (f->dialog), "CP_U time (--cpu)");
  threads = find_check (GTK_WIDGET (f->dialog), "All _threads (--threads)");
  g_assert_nonnull (cpu);
  g_assert_nonnull (threads);
  hearth_profile_dialog_set_fields (f->dialog, NULL, NULL, NULL, FALSE);
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (cpu)));
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (threads)));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (GTK_WIDGET (cpu)), "cProfile"));
  hearth_profile_dialog_set_fields (f->dialog, NULL, NULL, NULL, TRUE);
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (cpu)));
  g_assert_null (gtk_widget_get_tooltip_text (GTK_WIDGET (cpu)));
}

/* --threads reaches the sampler: the profile has a root per thread. */
static void
test_threads (Fixture       *f,
              gconstpointer  data)
{
  if (hearth_test_ui_skip ())
    return;
  write_script (f, "work.py", work_script);
  hearth_profile_dialog_set_target (f->dialog, f->script, FALSE);
  hearth_profile_dialog_set_fields (f->dialog, "", NULL, "python3", TRUE);
  gtk_check_button_set_active (find_check (GTK_WIDGET (f->dialog), "All _threads (--threads)"),
                               TRUE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->dialog), "profile.run", NULL));
  g_assert_true (hearth_test_wait_until (dialog_gone_and_tree, f, RUN_TIMEOUT_MS));
  g_assert_true (tree_has_label (f->window, 2, "Thread \"MainThread\""));
  remove_profile (f->window);
}

/* The interpreter, the profiler and the rest come back when the same script is chosen again,
 * in a new dialog; another script keeps its own. */
static void
test_remembered (Fixture       *f,
                 gconstpointer  data)
{
  g_autofree char *python = g_find_program_in_path ("python3");
  g_autofree char *other = g_build_filename (tmp_dir, "other.py", NULL);
  g_autoptr (HearthProfileRecipe) opened = NULL;
  g_autoptr (HearthProfileRecipe) again = NULL;
  g_autoptr (HearthProfileRecipe) fresh = NULL;

  if (hearth_test_ui_skip ())
    return;
  g_assert_nonnull (python);
  write_script (f, "work.py", work_script);
  run_to_window (f, "--size 'two words'", python, TRUE);
  remove_profile (f->window);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.profile", NULL));
  f->dialog = find_dialog ();
  g_object_add_weak_pointer (G_OBJECT (f->dialog), (gpointer *) &f->dialog);
  /* a new dialog opens on the last script run, as it was run */
  opened = hearth_profile_dialog_dup_recipe (f->dialog);
  g_assert_cmpstr (opened->target, ==, f->script);
  g_assert_cmpstr (opened->python, ==, python);
  g_assert_cmpstr (opened->arguments, ==, "--size 'two words'");
  g_assert_cmpint (opened->profiler, ==, HEARTH_PROFILER_SAMPLER);

  /* another script: nothing remembered, the fields stay as they were typed */
  hearth_profile_dialog_set_fields (f->dialog, "", NULL, "python3", FALSE);
  hearth_profile_dialog_set_target (f->dialog, other, FALSE);
  fresh = hearth_profile_dialog_dup_recipe (f->dialog);
  g_assert_cmpstr (fresh->python, ==, "python3");
  g_assert_cmpint (fresh->profiler, ==, HEARTH_PROFILER_CPROFILE);
  /* the first script chosen again: its interpreter is back */
  hearth_profile_dialog_set_target (f->dialog, f->script, FALSE);
  again = hearth_profile_dialog_dup_recipe (f->dialog);
  g_assert_cmpstr (again->python, ==, python);
  g_assert_cmpstr (again->arguments, ==, "--size 'two words'");
  g_assert_cmpint (again->profiler, ==, HEARTH_PROFILER_SAMPLER);
}

/* Profile Again: the same run, a new file beside the first, compared with it; Get Exact
 * Chains: the same run under the sampler, compared with the cProfile one. */
static void
test_again (Fixture       *f,
            gconstpointer  data)
{
  g_autofree char *first = g_build_filename (tmp_dir, "chains.prof", NULL);
  g_autofree char *second = g_build_filename (tmp_dir, "chains-2.prof", NULL);
  g_autofree char *sampled = g_build_filename (tmp_dir, "chains.speedscope.json", NULL);
  g_autofree char *after = NULL;
  g_autofree char *exact = NULL;
  GStatBuf before_stat, after_stat;

  if (hearth_test_ui_skip ())
    return;
  write_script (f, "chains.py", chains_script);
  run_to_window (f, "", "python3", FALSE);
  g_assert_cmpint (g_stat (first, &before_stat), ==, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.profile-again", NULL));
  f->dialog = find_dialog ();
  g_assert_nonnull (f->dialog);
  g_object_add_weak_pointer (G_OBJECT (f->dialog), (gpointer *) &f->dialog);
  g_assert_true (hearth_profile_dialog_is_running (f->dialog));
  g_assert_true (hearth_test_wait_until (has_compare_window, NULL, RUN_TIMEOUT_MS));
  after = compared_file (1);
  g_assert_cmpstr (after, ==, second);
  /* the first file is left as it was */
  g_assert_cmpint (g_stat (first, &after_stat), ==, 0);
  g_assert_cmpint (after_stat.st_size, ==, before_stat.st_size);
  g_assert_cmpint (after_stat.st_mtime, ==, before_stat.st_mtime);
  g_assert_true (hearth_window_get_file (f->window) != NULL);
  hearth_test_destroy_window (GTK_WIDGET (hearth_test_find_compare_window (app)));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.exact-chains", NULL));
  f->dialog = find_dialog ();
  g_assert_nonnull (f->dialog);
  g_object_add_weak_pointer (G_OBJECT (f->dialog), (gpointer *) &f->dialog);
  g_assert_true (hearth_test_wait_until (has_compare_window, NULL, RUN_TIMEOUT_MS));
  exact = compared_file (1);
  g_assert_cmpstr (exact, ==, sampled);
  /* the sampled graph starts at the script's <module>, as cProfile's does, not at "all" */
  {
    HearthSession *run = hearth_compare_window_get_session (hearth_test_find_compare_window (app),
                                                            1);
    gint root = hearth_session_get_root (run);

    g_assert_cmpint (root, >=, 0);
    /* the tree that was matched is laid out from it, not only the next one */
    g_assert_cmpint (hearth_call_tree_get_options (hearth_session_get_tree (run))->root, ==, root);
    g_assert_cmpstr (hearth_profile_get_function (hearth_session_get_profile (run), root)->name,
                     ==, "<module>");
    g_assert_cmpstr (hearth_profile_get_function (hearth_session_get_profile (run), root)->file,
                     ==, f->script);
  }
  /* the widest estimated bar, cProfile's share of load under prepare > helper, is selected in
   * both runs: in the sampled one as the true chain it matches, Steps.load meeting load */
  {
    HearthCompareWindow *compare = hearth_test_find_compare_window (app);
    HearthSession *runs[2] = { hearth_compare_window_get_session (compare, 0),
                               hearth_compare_window_get_session (compare, 1) };
    gint selected = hearth_session_get_selected (runs[0]);
    gint peer_node = hearth_session_get_selected (runs[1]);
    g_autofree char *chain = NULL;
    g_autofree char *peer = NULL;

    g_assert_cmpint (selected, >=, 0);
    g_assert_cmpint (peer_node, >=, 0);
    g_assert_true (hearth_call_tree_get_node (hearth_session_get_tree (runs[0]), selected)->flags &
                   HEARTH_NODE_ESTIMATED);
    chain = hearth_session_dup_chain_text (runs[0], selected, " > ", FALSE);
    peer = hearth_session_dup_chain_text (runs[1], peer_node, " > ", FALSE);
    g_assert_cmpstr (chain, ==, "prepare > helper > Steps.load");
    g_assert_cmpstr (peer, ==, chain);
    g_assert_true (g_str_has_prefix (_hearth_compare_window_get_status (compare), chain));
  }
  g_remove (first);
  g_remove (second);
  g_remove (sampled);
}

/* A cProfile file Hearth did not run: the dialog opens on the script the file names, with
 * the sampler chosen, and waits for Run. */
static void
test_exact_chains_of_file (Fixture       *f,
                           gconstpointer  data)
{
  g_autofree char *prof = g_build_filename (tmp_dir, "outside.prof", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (prof);
  g_autoptr (HearthProfileRecipe) recipe = NULL;
  const char *argv[] = { "python3", "-m", "cProfile", "-o", NULL, NULL, NULL };
  g_autoptr (GError) error = NULL;
  int status = -1;

  if (hearth_test_ui_skip ())
    return;
  write_script (f, "outside.py", chains_script);
  argv[4] = prof;
  argv[5] = f->script;
  g_assert_true (g_spawn_sync (tmp_dir, (char **) argv, NULL,
                               G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL,
                               NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_cmpint (status, ==, 0);
  gtk_window_destroy (GTK_WINDOW (f->dialog));
  g_assert_null (f->dialog);
  hearth_window_open (f->window, file);
  g_assert_true (hearth_test_wait_until (hearth_test_window_has_tree, f->window, RUN_TIMEOUT_MS));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.exact-chains", NULL));
  f->dialog = find_dialog ();
  g_assert_nonnull (f->dialog);
  g_object_add_weak_pointer (G_OBJECT (f->dialog), (gpointer *) &f->dialog);
  g_assert_false (hearth_profile_dialog_is_running (f->dialog));
  recipe = hearth_profile_dialog_dup_recipe (f->dialog);
  g_assert_cmpstr (recipe->target, ==, f->script);
  g_assert_cmpint (recipe->profiler, ==, HEARTH_PROFILER_SAMPLER);
  g_remove (prof);
}

/* A stand-in py-spy on PATH, to test the plumbing (the real one is not needed): it writes a
 * known speedscope file where --output says and runs the command after --, passing on its
 * status, as py-spy record does. */
static const char fake_py_spy[] =
  "#!/usr/bin/env python3\n"
  "import json, subprocess, sys\n"
  "args = sys.argv[1:]\n"
  "out = args[args.index('--output') + 1]\n"
  "command = args[args.index('--') + 1:]\n"
  "status = subprocess.call(command)\n"
  "frames = [{'name': 'fake_py_spy_frame', 'file': 'fake.py', 'line': 1}]\n"
  "profile = {'type': 'sampled', 'name': 'fake', 'unit': 'seconds', 'startValue': 0,\n"
  "           'endValue': 1, 'samples': [[0]], 'weights': [1]}\n"
  "with open(out, 'w') as f:\n"
  "    json.dump({'$schema': 'https://www.speedscope.app/file-format-schema.json',\n"
  "               'shared': {'frames': frames}, 'profiles': [profile]}, f)\n"
  "print('fake py-spy ran', ' '.join(args))\n"
  "sys.exit(status)\n";

static char *fake_bin;

static gboolean
probed (gpointer user_data)
{
  Fixture *f = user_data;
  GtkCheckButton *check = find_check (GTK_WIDGET (f->dialog),
                                      "Python's profilin_g.sampling (3.15): exact chains");

  return gtk_widget_get_sensitive (GTK_WIDGET (check))
         || gtk_widget_get_tooltip_text (GTK_WIDGET (check)) != NULL;
}

/* py-spy is offered when found on PATH and its profile opens; profiling.sampling is offered as
 * the interpreter answers (Python 3.11 here: greyed out, saying why). */
static void
test_other_profilers (Fixture       *f,
                      gconstpointer  data)
{
  g_autofree char *written = g_build_filename (tmp_dir, "work.py-spy.speedscope.json", NULL);
  GtkCheckButton *py_spy, *sampling;
  g_autofree char *output = NULL;
  const char *check[] = { "python3", "-c", "import profiling.sampling", NULL };
  int status = -1;

  if (hearth_test_ui_skip ())
    return;
  py_spy = find_check (GTK_WIDGET (f->dialog),
                       "p_y-spy: exact chains, from outside the process");
  sampling = find_check (GTK_WIDGET (f->dialog),
                         "Python's profilin_g.sampling (3.15): exact chains");
  g_assert_nonnull (py_spy);
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (py_spy)));
  g_assert_true (g_spawn_sync (NULL, (char **) check, NULL,
                               G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                               NULL, NULL, &status, NULL));
  hearth_profile_dialog_set_fields (f->dialog, NULL, NULL, "python3", FALSE);
  g_assert_true (hearth_test_wait_until (probed, f, RUN_TIMEOUT_MS));
  g_assert_cmpint (gtk_widget_get_sensitive (GTK_WIDGET (sampling)), ==,
                   g_spawn_check_wait_status (status, NULL));

  write_script (f, "work.py", work_script);
  hearth_profile_dialog_set_target (f->dialog, f->script, FALSE);
  hearth_profile_dialog_set_fields (f->dialog, "", NULL, "python3", FALSE);
  gtk_check_button_set_active (py_spy, TRUE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->dialog), "profile.run", NULL));
  g_assert_true (hearth_test_wait_until (dialog_gone_and_tree, f, RUN_TIMEOUT_MS));
  g_assert_true (tree_has_label (f->window, 3, "fake_py_spy_frame"));
  g_assert_true (g_file_test (written, G_FILE_TEST_IS_REGULAR));
  g_remove (written);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  app = hearth_test_ui_new_application (&argc, &argv);
  tmp_dir = g_dir_make_tmp ("hearth-profile-dialog-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);
  fake_bin = g_build_filename (tmp_dir, "bin", NULL);
  {
    g_autofree char *py_spy = g_build_filename (fake_bin, "py-spy", NULL);
    g_autofree char *path = g_strconcat (fake_bin, ":", g_getenv ("PATH"), NULL);

    g_assert_cmpint (g_mkdir (fake_bin, 0700), ==, 0);
    g_assert_true (g_file_set_contents (py_spy, fake_py_spy, -1, NULL));
    g_assert_cmpint (g_chmod (py_spy, 0755), ==, 0);
    g_setenv ("PATH", path, TRUE);
  }

  g_test_add ("/profile-dialog/cprofile", Fixture, GINT_TO_POINTER (FALSE), fixture_set_up,
              test_profiled, fixture_tear_down);
  g_test_add ("/profile-dialog/sampler", Fixture, GINT_TO_POINTER (TRUE), fixture_set_up,
              test_profiled, fixture_tear_down);
  g_test_add ("/profile-dialog/raises", Fixture, NULL, fixture_set_up, test_raises,
              fixture_tear_down);
  g_test_add ("/profile-dialog/reads-input", Fixture, NULL, fixture_set_up, test_reads_input,
              fixture_tear_down);
  g_test_add ("/profile-dialog/cancel-cprofile", Fixture, GINT_TO_POINTER (FALSE),
              fixture_set_up, test_cancel, fixture_tear_down);
  g_test_add ("/profile-dialog/cancel-sampler", Fixture, GINT_TO_POINTER (TRUE),
              fixture_set_up, test_cancel, fixture_tear_down);
  g_test_add ("/profile-dialog/cancel-stubborn", Fixture, NULL, fixture_set_up,
              test_cancel_stubborn, fixture_tear_down);

  g_test_add ("/profile-dialog/close-running", Fixture, NULL, fixture_set_up,
              test_close_running, fixture_tear_down);

  g_test_add ("/profile-dialog/sampler-options", Fixture, NULL, fixture_set_up,
              test_sampler_options, fixture_tear_down);
  g_test_add ("/profile-dialog/threads", Fixture, NULL, fixture_set_up, test_threads,
              fixture_tear_down);
  g_test_add ("/profile-dialog/remembered", Fixture, NULL, fixture_set_up, test_remembered,
              fixture_tear_down);
  g_test_add ("/profile-dialog/again", Fixture, NULL, fixture_set_up, test_again,
              fixture_tear_down);
  g_test_add ("/profile-dialog/exact-chains-of-file", Fixture, NULL, fixture_set_up,
              test_exact_chains_of_file, fixture_tear_down);

  g_test_add ("/profile-dialog/other-profilers", Fixture, NULL, fixture_set_up,
              test_other_profilers, fixture_tear_down);

  status = g_test_run ();
  g_clear_object (&app);
  {
    g_autofree char *py_spy = g_build_filename (fake_bin, "py-spy", NULL);

    g_remove (py_spy);
    g_rmdir (fake_bin);
    g_free (fake_bin);
  }
  g_rmdir (tmp_dir);
  g_free (tmp_dir);
  return status;
}
