/* test-threads.c: the threads of a profile and one thread's profile, on hand-made folded
 * files worked out by hand and on the speedscope fixtures.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-call-tree.h"
#include "hearth-profile-threads.h"
#include "hearth-test-util.h"

#include <string.h>

/* py-spy --threads: two threads, `work` run by both */
#define TWO_THREADS \
  "thread (1): MainThread;main (a.py:1);work (a.py:5) 3\n" \
  "thread (1): MainThread;main (a.py:1) 1\n" \
  "thread (2): worker;run (b.py:2);work (a.py:5) 2\n"

/* py-spy --threads --subprocesses: the process frames first */
#define SUBPROCESSES \
  "process 10:\"python a.py\";thread (1): MainThread;main (a.py:1) 2\n" \
  "process 10:\"python a.py\";thread (2): T2;main (a.py:1) 1\n" \
  "process 11:\"python b.py\";thread (3): MainThread;f (b.py:1) 5\n"

static HearthProfile *
load_text (const char *text)
{
  g_autoptr (GBytes) bytes = g_bytes_new (text, strlen (text));
  g_autoptr (GError) error = NULL;
  HearthProfile *profile = hearth_profile_load_bytes (bytes, "threads.txt", &error);

  g_assert_no_error (error);
  return profile;
}

static const HearthThread *
thread_at (GPtrArray *threads,
           guint      index)
{
  return g_ptr_array_index (threads, index);
}

static void
test_folded_threads (void)
{
  g_autoptr (HearthProfile) profile = load_text (TWO_THREADS);
  g_autoptr (GPtrArray) threads = hearth_profile_list_threads (profile);
  g_autoptr (HearthProfile) worker = NULL;
  g_autoptr (HearthProfile) main_thread = NULL;

  g_assert_cmpuint (threads->len, ==, 2);
  g_assert_cmpstr (thread_at (threads, 0)->name, ==, "thread (1): MainThread");
  g_assert_cmpuint (thread_at (threads, 0)->depth, ==, 1);
  g_assert_cmpfloat (thread_at (threads, 0)->weight, ==, 4);
  g_assert_cmpstr (thread_at (threads, 1)->name, ==, "thread (2): worker");
  g_assert_cmpfloat (thread_at (threads, 1)->weight, ==, 2);

  /* the worker: its root frame, run, work; the main thread's main is not in it */
  worker = hearth_profile_dup_thread (profile, thread_at (threads, 1));
  g_assert_cmpfloat (hearth_profile_get_total (worker), ==, 2);
  g_assert_cmpuint (hearth_profile_get_n_stacks (worker), ==, 1);
  g_assert_cmpuint (hearth_profile_get_n_functions (worker), ==, 3);
  g_assert_true (hearth_test_has_frame (worker, "run (b.py:2)"));
  g_assert_false (hearth_test_has_frame (worker, "main (a.py:1)"));
  /* work's samples: 2 in the worker, 3 + 2 merged */
  g_assert_cmpint (hearth_test_find_frame (worker, "work (a.py:5)")->calls, ==, 2);
  g_assert_cmpint (hearth_test_find_frame (profile, "work (a.py:5)")->calls, ==, 5);

  /* the main thread: 4 samples in 2 stacks, work 3 of them, main 1 on its own */
  main_thread = hearth_profile_dup_thread (profile, thread_at (threads, 0));
  g_assert_cmpfloat (hearth_profile_get_total (main_thread), ==, 4);
  g_assert_cmpuint (hearth_profile_get_n_stacks (main_thread), ==, 2);
  g_assert_cmpfloat (hearth_test_find_frame (main_thread, "main (a.py:1)")->own, ==, 1);
  g_assert_cmpfloat (hearth_test_find_frame (main_thread, "work (a.py:5)")->own, ==, 3);
  g_assert_false (hearth_test_has_frame (main_thread, "thread (2): worker"));
  g_assert_cmpstr (hearth_profile_get_name (main_thread), ==, hearth_profile_get_name (profile));
}

/* One thread's tree is the merged tree's branch under its root frame. */
static void
test_tree_is_branch (void)
{
  g_autoptr (HearthProfile) profile = load_text (TWO_THREADS);
  g_autoptr (GPtrArray) threads = hearth_profile_list_threads (profile);
  g_autoptr (HearthProfile) main_thread = hearth_profile_dup_thread (profile,
                                                                    thread_at (threads, 0));
  HearthCallTreeOptions options = HEARTH_CALL_TREE_OPTIONS_INIT;
  g_autoptr (HearthCallTree) merged = NULL;
  g_autoptr (HearthCallTree) one = NULL;
  g_autoptr (GError) error = NULL;
  const HearthNode *root_bar = NULL;

  merged = hearth_call_tree_new (profile, &options, &error);
  g_assert_no_error (error);
  one = hearth_call_tree_new (main_thread, &options, &error);
  g_assert_no_error (error);

  /* all, the thread frame, main, work: one bar each, the same widths as in the merged tree */
  g_assert_cmpuint (hearth_call_tree_get_n_nodes (one), ==, 4);
  g_assert_cmpfloat (hearth_call_tree_get_total (one), ==, 4);
  for (guint i = 0; i < hearth_call_tree_get_n_nodes (merged); i++)
    {
      const HearthNode *node = hearth_call_tree_get_node (merged, i);

      if (node->depth == 1
          && g_strcmp0 (hearth_profile_get_function (profile, node->function)->frame,
                        "thread (1): MainThread") == 0)
        root_bar = node;
    }
  g_assert_nonnull (root_bar);
  g_assert_cmpfloat (root_bar->width, ==, hearth_call_tree_get_node (one, 1)->width);
  g_assert_cmpuint (hearth_call_tree_get_n_nodes (merged), ==, 7);
}

static void
test_subprocesses (void)
{
  g_autoptr (HearthProfile) profile = load_text (SUBPROCESSES);
  g_autoptr (GPtrArray) threads = hearth_profile_list_threads (profile);
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) third = NULL;

  /* process 10 has only threads under it: not a thread of its own */
  g_assert_cmpuint (threads->len, ==, 3);
  g_assert_cmpstr (thread_at (threads, 0)->name, ==,
                   "process 10:\"python a.py\" / thread (1): MainThread");
  g_assert_cmpuint (thread_at (threads, 0)->depth, ==, 2);
  g_assert_cmpfloat (thread_at (threads, 2)->weight, ==, 5);

  g_assert_cmpint (hearth_profile_find_thread (profile, threads, "3", &error), ==, 2);
  g_assert_cmpint (hearth_profile_find_thread (profile, threads, "python b.py", &error), ==, 2);
  g_assert_cmpint (hearth_profile_find_thread (profile, threads, "T2", &error), ==, 1);
  g_assert_cmpint (hearth_profile_find_thread (profile,
                                               threads,
                                               thread_at (threads, 0)->name, &error), ==, 0);
  g_assert_no_error (error);

  g_assert_cmpint (hearth_profile_find_thread (profile, threads, "MainThread", &error), ==, -1);
  g_assert_error (error, HEARTH_THREAD_ERROR, HEARTH_THREAD_ERROR_UNKNOWN);
  g_assert_nonnull (strstr (error->message, "part of 2 thread names"));
  g_clear_error (&error);
  /* digits are a number, or a whole thread id: "0" is neither, though "10" holds one */
  g_assert_cmpint (hearth_profile_find_thread (profile, threads, "0", &error), ==, -1);
  g_clear_error (&error);
  g_assert_cmpint (hearth_profile_find_thread (profile, threads, "", &error), ==, -1);
  g_clear_error (&error);
  g_assert_cmpint (hearth_profile_find_thread (profile, threads, "4", &error), ==, -1);
  g_assert_cmpstr (error->message, ==,
                   "no thread \"4\"; the threads: "
                   "1 \"process 10:\"python a.py\" / thread (1): MainThread\", "
                   "2 \"process 10:\"python a.py\" / thread (2): T2\", "
                   "3 \"process 11:\"python b.py\" / thread (3): MainThread\"");
  g_clear_error (&error);

  /* both root frames kept: the process, the thread, f */
  third = hearth_profile_dup_thread (profile, thread_at (threads, 2));
  g_assert_cmpuint (hearth_profile_get_n_functions (third), ==, 3);
  g_assert_cmpfloat (hearth_profile_get_total (third), ==, 5);
}

/* A speedscope file's profiles: named after them, the evented one's call counted too. */
static void
test_speedscope_profiles (void)
{
  g_autoptr (HearthProfile) profile = hearth_test_load_data ("chart_threads.speedscope.json");
  g_autoptr (GPtrArray) threads = hearth_profile_list_threads (profile);
  g_autoptr (HearthProfile) second = NULL;

  g_assert_cmpuint (threads->len, ==, 2);
  g_assert_cmpstr (thread_at (threads, 0)->name, ==, "Thread 1");
  g_assert_cmpfloat_with_epsilon (thread_at (threads, 0)->weight, 1, 1e-12);
  g_assert_cmpstr (thread_at (threads, 1)->name, ==, "Thread 2");
  g_assert_cmpfloat_with_epsilon (thread_at (threads, 1)->weight, 1, 1e-12);

  second = hearth_profile_dup_thread (profile, thread_at (threads, 1));
  g_assert_cmpfloat_with_epsilon (hearth_profile_get_total (second), 1, 1e-12);
  g_assert_true (hearth_test_has_frame (second, "c"));
  g_assert_false (hearth_test_has_frame (second, "a"));
}

/* One profile, or no thread frames: nothing to choose from; one py-spy thread is one. */
static void
test_no_threads (void)
{
  const char *none[] = { "pyspy.speedscope.json", "plain_folded.txt", "cprofile_py312.prof",
                         "evented.speedscope.json" };

  for (guint i = 0; i < G_N_ELEMENTS (none); i++)
    {
      g_autoptr (HearthProfile) profile = hearth_test_load_data (none[i]);
      g_autoptr (GPtrArray) threads = hearth_profile_list_threads (profile);
      g_autoptr (GError) error = NULL;

      g_assert_cmpuint (threads->len, ==, 0);
      g_assert_cmpint (hearth_profile_find_thread (profile, threads, "1", &error), ==, -1);
      g_assert_error (error, HEARTH_THREAD_ERROR, HEARTH_THREAD_ERROR_UNKNOWN);
    }

  {
    g_autoptr (HearthProfile) profile = hearth_test_load_data ("pyspy_raw_threads.txt");
    g_autoptr (GPtrArray) threads = hearth_profile_list_threads (profile);
    g_autoptr (HearthProfile) cpython = hearth_test_load_data ("cpython315_collapsed.txt");
    g_autoptr (GPtrArray) tids = hearth_profile_list_threads (cpython);

    g_assert_cmpuint (threads->len, ==, 1);
    g_assert_cmpstr (thread_at (threads, 0)->name, ==, "thread (17715): MainThread");
    g_assert_cmpfloat (thread_at (threads, 0)->weight, ==, hearth_profile_get_total (profile));
    g_assert_cmpuint (tids->len, ==, 1);
    g_assert_cmpstr (thread_at (tids, 0)->name, ==, "tid:140080673144896");
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/threads/folded", test_folded_threads);
  g_test_add_func ("/threads/tree-is-branch", test_tree_is_branch);
  g_test_add_func ("/threads/process-frames", test_subprocesses);
  g_test_add_func ("/threads/speedscope-profiles", test_speedscope_profiles);
  g_test_add_func ("/threads/none", test_no_threads);

  return g_test_run ();
}
