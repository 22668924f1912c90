/* hearth-cli.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-cli"

#include "hearth-cli.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>

#include "hearth-call-tree.h"
#include "hearth-chain-match.h"
#include "hearth-export.h"
#include "hearth-names.h"
#include "hearth-profile.h"
#include "hearth-profile-folder.h"
#include "hearth-profile-merge.h"
#include "hearth-profile-threads.h"
#include "hearth-profile-run.h"
#include "hearth-report.h"
#include "hearth-sandwich-render.h"
#include "hearth-verdict.h"

typedef struct
{
  char    *print;
  char    *export;
  char    *root;
  char    *function;
  char    *sandwich;
  char    *title;
  char    *thread;
  char   **mine;
  char   **files;
  char   **after_files;   /* --merge … -- --merge AFTER…: the second side's runs */
  char    *python;
  char    *out;
  double   cutoff;
  int      width;
  int      count;
  int      max_repeat;
  gboolean compare;
  gboolean merge;
  gboolean icicle;
  gboolean chart;
  gboolean no_source;
  gboolean version;
  gboolean profile;
  gboolean sample;
  gboolean cpu;
  gboolean threads;
  gboolean no_window;
} HearthCliOptions;

static void
cli_options_clear (HearthCliOptions *o)
{
  g_clear_pointer (&o->print, g_free);
  g_clear_pointer (&o->export, g_free);
  g_clear_pointer (&o->root, g_free);
  g_clear_pointer (&o->function, g_free);
  g_clear_pointer (&o->sandwich, g_free);
  g_clear_pointer (&o->title, g_free);
  g_clear_pointer (&o->thread, g_free);
  g_clear_pointer (&o->mine, g_strfreev);
  g_clear_pointer (&o->files, g_strfreev);
  g_clear_pointer (&o->after_files, g_strfreev);
  g_clear_pointer (&o->python, g_free);
  g_clear_pointer (&o->out, g_free);
}

/* One line whatever the message holds: a file name or a parser's words may bring a newline. */
static int
fail (const char *message)
{
  g_autofree char *line = g_strdup (message);

  for (char *c = line; *c != '\0'; c++)
    if (*c == '\n' || *c == '\r')
      *c = ' ';
  g_printerr ("hearth: %s\n", line);
  return 1;
}

/* A total of counts prints all its digits (90486853312, not 9.04868533e+10); times keep
 * pstats' nine. */
static void
append_total (GString       *out,
              HearthProfile *profile)
{
  double total = hearth_profile_get_total (profile);
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  guint64 count;

  if (hearth_profile_get_total_count (profile, &count))
    g_string_append_printf (out, "%" G_GUINT64_FORMAT, count);
  else if (total == floor (total) && fabs (total) < 9.2e18)
    g_string_append_printf (out, "%" G_GINT64_FORMAT, (gint64) total);
  else
    g_string_append (out, g_ascii_formatd (buf, sizeof buf, "%.9g", total));
}

static void
print_summary (HearthProfile *profile,
               GString       *out)
{
  const char * const *warnings = hearth_profile_get_warnings (profile);
  guint listed = 0;

  for (guint i = 0; i < hearth_profile_get_n_functions (profile); i++)
    if (hearth_profile_get_function (profile, i)->listed)
      listed++;

  g_string_append_printf (out, "format: %s\n",
                          hearth_profile_format_to_string (hearth_profile_get_format (profile)));
  g_string_append_printf (out, "kind: %s\n",
                          hearth_profile_kind_to_string (hearth_profile_get_kind (profile)));
  g_string_append_printf (out, "unit: %s\n",
                          hearth_unit_to_string (hearth_profile_get_unit (profile)));
  g_string_append (out, "total: ");
  append_total (out, profile);
  g_string_append_c (out, '\n');
  g_string_append_printf (out, "functions: %u\n", listed);
  g_string_append_printf (out, "edges: %u\n", hearth_profile_get_n_edges (profile));
  for (guint i = 0; warnings[i] != NULL; i++)
    g_string_append_printf (out, "warning: %s\n", warnings[i]);
}

/* pstats' table: CALLS PRIMITIVE OWN CUMULATIVE KEY, own time largest first, ties by key. */
static void
print_functions (HearthCliOptions *o,
                 HearthProfile    *profile,
                 GString          *out)
{
  g_autoptr (HearthNames) names = hearth_names_new (profile, (const char * const *) o->mine,
                                                    FALSE);
  g_autoptr (HearthFunctionTable) table = hearth_function_table_new (names);

  hearth_report_functions (out, table);
}

/* The first level of a sandwich, below and above: the file's edges, widest first. */
static gboolean
print_sandwich (HearthCliOptions  *o,
                HearthProfile     *profile,
                GString           *out,
                GError           **error)
{
  g_autoptr (HearthSandwich) sandwich = NULL;
  gint function;

  if (o->function == NULL)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("--print sandwich needs --function FILE:LINE:NAME"));
      return FALSE;
    }
  function = hearth_call_tree_parse_function (profile, o->function, error);
  if (function < 0)
    return FALSE;
  sandwich = hearth_sandwich_new (profile, (guint) function, NULL, error);
  if (sandwich == NULL)
    return FALSE;

  hearth_report_sandwich (out, sandwich);
  return TRUE;
}

/* --cutoff and --max-repeat, checked. */
static gboolean
tree_options (HearthCliOptions       *o,
              HearthCallTreeOptions  *options,
              GError                **error)
{
  if (!(o->cutoff >= 0 && o->cutoff <= 1))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--cutoff takes a fraction between 0 and 1, not %g"), o->cutoff);
      return FALSE;
    }
  if (o->max_repeat < 1)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--max-repeat takes a whole number of at least 1"));
      return FALSE;
    }

  options->cutoff = o->cutoff;
  options->max_repeat = (guint) o->max_repeat;
  return TRUE;
}

static HearthCallTree *
build_tree (HearthCliOptions  *o,
            HearthProfile     *profile,
            GError           **error)
{
  HearthCallTreeOptions options = HEARTH_CALL_TREE_OPTIONS_INIT;

  if (!tree_options (o, &options, error))
    return NULL;
  if (o->root != NULL)
    {
      options.root = hearth_call_tree_parse_root (profile, o->root, error);
      if (options.root < 0)
        return NULL;
    }

  return hearth_call_tree_new (profile, &options, error);
}

static gboolean
print_tree_report (HearthCliOptions  *o,
                   HearthProfile     *profile,
                   GString           *out,
                   GError           **error)
{
  g_autoptr (HearthCallTree) tree = NULL;
  g_autoptr (HearthNames) names = NULL;
  HearthNamesJob *job;

  if (!g_str_equal (o->print, "bars") && !g_str_equal (o->print, "widest") &&
      !g_str_equal (o->print, "folded") && !g_str_equal (o->print, "warnings"))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("unknown --print mode “%s” (summary, bars, widest, folded, warnings, "
                     "functions, sandwich, chart, spread, changes)"),
                   o->print);
      return FALSE;
    }

  /* bars print keys, not names: reading the sources for them would be wasted */
  if (g_str_equal (o->print, "bars"))
    {
      tree = build_tree (o, profile, error);
      if (tree != NULL)
        hearth_report_bars (out, tree);
      return tree != NULL;
    }
  /* the names are made beside the layout */
  job = hearth_names_job_start (profile, (const char * const *) o->mine, !o->no_source);
  tree = build_tree (o, profile, error);
  names = hearth_names_job_finish (job);
  if (tree == NULL)
    return FALSE;

  if (g_str_equal (o->print, "widest"))
    hearth_report_widest (out, tree, names, o->count > 0 ? (guint) o->count : 0);
  else if (g_str_equal (o->print, "folded"))
    hearth_report_folded (out, tree, names);
  else
    hearth_report_warnings (out, tree, names);

  return TRUE;
}

/* The blocks in time order, where the file keeps that order. */
static gboolean
print_chart (HearthProfile  *profile,
             GString        *out,
             GError        **error)
{
  if (hearth_profile_get_timeline (profile) == NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("keeps no time order (%s)"),
                   hearth_profile_format_to_string (hearth_profile_get_format (profile)));
      return FALSE;
    }
  hearth_report_chart (out, profile);
  return TRUE;
}

static gboolean
print_other (HearthCliOptions  *o,
             HearthProfile     *profile,
             GString           *out,
             GError           **error)
{
  if (g_str_equal (o->print, "sandwich"))
    return print_sandwich (o, profile, out, error);
  if (g_str_equal (o->print, "chart"))
    return print_chart (profile, out, error);
  return print_tree_report (o, profile, out, error);
}

/* With --thread, the profile of that thread (or speedscope profile) alone; @profile is
 * taken either way. */
static HearthProfile *
pick_thread (HearthCliOptions  *o,
             HearthProfile     *profile,
             const char        *what,
             GError           **error)
{
  g_autoptr (HearthProfile) whole = profile;
  g_autoptr (GPtrArray) threads = NULL;
  g_autoptr (GError) local = NULL;
  gint index;

  if (whole == NULL || o->thread == NULL)
    return g_steal_pointer (&whole);
  threads = hearth_profile_list_threads (whole);
  index = hearth_profile_find_thread (whole, threads, o->thread, &local);
  if (index < 0)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "%s: %s", what,
                   local->message);
      return NULL;
    }
  return hearth_profile_dup_thread (whole, g_ptr_array_index (threads, index));
}

static HearthProfile *
load_one (HearthCliOptions  *o,
          const char        *path,
          GError           **error)
{
  return pick_thread (o, hearth_profile_load_path (path, error), path, error);
}

/* The one profile a mode reads: a file, or with --merge the files added up. */
static HearthProfile *
load_profile (HearthCliOptions  *o,
              GError           **error)
{
  if (o->merge)
    {
      HearthProfile *merged = hearth_profile_merge_paths ((const char * const *) o->files,
                                                          error);

      return pick_thread (o, merged, merged != NULL ? hearth_profile_get_name (merged) : "",
                          error);
    }
  return load_one (o, o->files[0], error);
}

/* Each file of --merge read on its own, for the spread. */
static GPtrArray *
load_runs (HearthCliOptions  *o,
           GError           **error)
{
  g_autoptr (GPtrArray) runs = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; o->files[i] != NULL; i++)
    {
      HearthProfile *run = hearth_profile_load_path (o->files[i], error);

      if (run == NULL)
        return NULL;
      g_ptr_array_add (runs, run);
    }
  return g_steal_pointer (&runs);
}

/* --print spread: each bar of the merged runs with its width in each run. The runs' walks
 * keep every bar, so that a bar under the cutoff in one run is not taken for a missing one. */
static gboolean
print_spread (HearthCliOptions  *o,
              GString           *out,
              GError           **error)
{
  g_autoptr (GPtrArray) runs = load_runs (o, error);
  g_autoptr (HearthProfile) merged = NULL;
  g_autoptr (HearthCallTree) tree = NULL;
  g_autoptr (HearthSpread) spread = NULL;

  if (runs == NULL)
    return FALSE;
  merged = hearth_profile_merge ((HearthProfile * const *) runs->pdata, runs->len, error);
  if (merged == NULL || (tree = build_tree (o, merged, error)) == NULL)
    return FALSE;

  spread = hearth_spread_new (tree, (HearthProfile * const *) runs->pdata, runs->len, NULL,
                              error);
  if (spread == NULL)
    return FALSE;
  hearth_report_spread (out, spread);
  return TRUE;
}

/* Folders of runs ------------------------------------------------------------------------- */

static gboolean
is_folder (const char *path)
{
  return g_file_test (path, G_FILE_TEST_IS_DIR);
}

/* @paths with each folder among them replaced by the profiles in it, by name (files stay as
 * written, for the messages that name them); pytest-profiling's combined.prof beside them is
 * left out, and the user told so. */
static char **
expand_folders (char   **paths,
                GError **error)
{
  g_autoptr (GPtrArray) out = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; paths[i] != NULL; i++)
    {
      g_autoptr (GPtrArray) given = g_ptr_array_new_with_free_func (g_object_unref);
      g_autoptr (GPtrArray) files = NULL;
      g_autoptr (GFile) left_out = NULL;

      if (!is_folder (paths[i]))
        {
          g_ptr_array_add (out, g_strdup (paths[i]));
          continue;
        }
      g_ptr_array_add (given, g_file_new_for_commandline_arg (paths[i]));
      if ((files = hearth_profile_folder_expand (given, &left_out, error)) == NULL)
        return NULL;
      if (left_out != NULL)
        g_printerr ("hearth: %s\n", hearth_profile_folder_left_out_note ());
      for (guint k = 0; k < files->len; k++)
        g_ptr_array_add (out, g_file_get_path (files->pdata[k]));
    }
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&out), FALSE);
}

/* For --print and --export: --merge's folders are their runs, and two folders compared
 * (--compare A/ B/, --print changes A/ B/) are two groups of runs, as --merge A… -- --merge
 * B… would give them. */
static gboolean
expand_folder_args (HearthCliOptions  *o,
                    GError           **error)
{
  guint n = o->files != NULL ? g_strv_length (o->files) : 0;
  gboolean pair = !o->merge && n == 2 && (o->compare || g_strcmp0 (o->print, "changes") == 0);
  char **files;

  if (pair && is_folder (o->files[0]) != is_folder (o->files[1]))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("%s: a folder of runs compares with another folder (or use --merge "
                     "BEFORE… -- --merge AFTER…)"), o->files[is_folder (o->files[0]) ? 0 : 1]);
      return FALSE;
    }
  if (pair && is_folder (o->files[0]))
    {
      char *after[] = { o->files[1], NULL };
      char *before[] = { o->files[0], NULL };

      if ((o->after_files = expand_folders (after, error)) == NULL ||
          (files = expand_folders (before, error)) == NULL)
        return FALSE;
      g_strfreev (o->files);
      o->files = files;
      o->merge = TRUE;
      return TRUE;
    }
  if (!o->merge || n == 0)
    return TRUE;
  if ((files = expand_folders (o->files, error)) == NULL)
    return FALSE;
  g_strfreev (o->files);
  o->files = files;
  if (o->after_files == NULL)
    return TRUE;
  if ((files = expand_folders (o->after_files, error)) == NULL)
    return FALSE;
  g_strfreev (o->after_files);
  o->after_files = files;
  return TRUE;
}

/* One side of a comparison: a file, or a group of runs merged, keeping each run. */
typedef struct
{
  HearthProfile *profile;
  GPtrArray     *runs;
  const char    *name;    /* the side's first file, for messages */
} Side;

static void
side_clear (Side *side)
{
  g_clear_object (&side->profile);
  g_clear_pointer (&side->runs, g_ptr_array_unref);
}

static gboolean
load_side (char       **files,
           gboolean     group,
           Side        *side,
           GError     **error)
{
  side->name = files[0];
  if (!group)
    {
      side->profile = hearth_profile_load_path (files[0], error);
      return side->profile != NULL;
    }
  side->runs = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; files[i] != NULL; i++)
    {
      HearthProfile *run = hearth_profile_load_path (files[i], error);

      if (run == NULL)
        return FALSE;
      g_ptr_array_add (side->runs, run);
    }
  side->profile = hearth_profile_merge ((HearthProfile * const *) side->runs->pdata,
                                        side->runs->len, error);
  return side->profile != NULL;
}

/* The two sides of --print changes: two files, or two groups (--merge … -- --merge …). */
static gboolean
check_sides (HearthCliOptions  *o,
             GError           **error)
{
  guint n = o->files != NULL ? g_strv_length (o->files) : 0;

  if (o->merge && (o->after_files == NULL || n == 0))
    g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                         _("--merge compares two groups of runs: --merge BEFORE… -- --merge "
                           "AFTER…"));
  else if (!o->merge && n != 2)
    g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                         _("--print changes takes two profile files, before and after (or "
                           "--merge BEFORE… -- --merge AFTER…)"));
  else
    return TRUE;
  return FALSE;
}

/* --print changes: each chain whose own time changed, with whether that is larger than the
 * noise. */
static gboolean
print_changes (HearthCliOptions  *o,
               GString           *out,
               GError           **error)
{
  g_auto (GStrv) pair = NULL;
  Side sides[2] = { { NULL, NULL, NULL }, { NULL, NULL, NULL } };
  g_autoptr (HearthCallTree) before = NULL;
  g_autoptr (HearthCallTree) after = NULL;
  g_autoptr (HearthChainMatch) match = NULL;
  gboolean ok = FALSE;

  if (!check_sides (o, error))
    return FALSE;
  if (!o->merge)
    {
      pair = g_new0 (char *, 2);
      pair[0] = g_strdup (o->files[1]);
    }
  if (load_side (o->files, o->merge, &sides[0], error) &&
      load_side (o->merge ? o->after_files : pair, o->merge, &sides[1], error) &&
      hearth_verdict_check_comparable (sides[0].profile, sides[0].name, sides[1].profile,
                                       sides[1].name, error) &&
      (before = build_tree (o, sides[0].profile, error)) != NULL &&
      (after = build_tree (o, sides[1].profile, error)) != NULL)
    {
      GPtrArray *b = sides[0].runs, *a = sides[1].runs;

      match = hearth_chain_match_new_runs (before, after,
                                           b ? (HearthProfile * const *) b->pdata : NULL,
                                           b ? b->len : 0,
                                           a ? (HearthProfile * const *) a->pdata : NULL,
                                           a ? a->len : 0);
      hearth_report_changes (out, match);
      ok = TRUE;
    }
  side_clear (&sides[0]);
  side_clear (&sides[1]);
  return ok;
}

static int
run_print (HearthCliOptions *o)
{
  g_autoptr (HearthProfile) profile = NULL;
  g_autoptr (GString) out = g_string_new (NULL);
  g_autoptr (GError) error = NULL;

  if (g_str_equal (o->print, "changes"))
    {
      if (!print_changes (o, out, &error))
        return fail (error->message);
      fwrite (out->str, 1, out->len, stdout);
      return fflush (stdout) == 0 ? 0 : 1;
    }
  if (o->files == NULL || (g_strv_length (o->files) != 1 && !o->merge))
    return fail (o->merge ? _("--merge takes the profile files to add up")
                          : _("--print takes exactly one profile file"));

  if (g_str_equal (o->print, "spread"))
    {
      if (!o->merge)
        return fail (_("--print spread goes with --merge"));
      if (!print_spread (o, out, &error))
        return fail (error->message);
      fwrite (out->str, 1, out->len, stdout);
      return fflush (stdout) == 0 ? 0 : 1;
    }

  profile = load_profile (o, &error);
  if (profile == NULL)
    return fail (error->message);

  if (g_str_equal (o->print, "summary"))
    print_summary (profile, out);
  else if (g_str_equal (o->print, "functions"))
    print_functions (o, profile, out);
  else if (!print_other (o, profile, out, &error))
    {
      const char *what = o->merge ? hearth_profile_get_name (profile) : o->files[0];
      g_autofree char *message = g_strdup_printf ("%s: %s", what, error->message);

      return fail (message);
    }

  fwrite (out->str, 1, out->len, stdout);
  return fflush (stdout) == 0 ? 0 : 1;
}

/* The profiles an export draws: one file, two with --compare, or the two counts of a
 * differential folded file with --compare. */
static gboolean
load_for_export (HearthCliOptions  *o,
                 HearthProfile    **before,
                 HearthProfile    **after,
                 GPtrArray        **runs,
                 GError           **error)
{
  guint n = o->files ? g_strv_length (o->files) : 0;

  if (o->merge)
    {
      if (n == 0 || (o->compare && o->after_files == NULL))
        {
          g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                               o->compare ? _("--merge compares two groups of runs: --merge "
                                              "BEFORE… -- --merge AFTER…")
                                          : _("--merge takes the profile files to add up"));
          return FALSE;
        }
      *runs = load_runs (o, error);
      if (*runs == NULL)
        return FALSE;
      *before = hearth_profile_merge ((HearthProfile * const *) (*runs)->pdata, (*runs)->len,
                                      error);
      *before = pick_thread (o, *before, *before != NULL ? hearth_profile_get_name (*before) : "",
                             error);
      if (*before != NULL && o->compare)
        *after = pick_thread (o, hearth_profile_merge_paths ((const char * const *) o->after_files,
                                                             error), o->after_files[0], error);
      return *before != NULL && (!o->compare || *after != NULL);
    }
  if (n == 0 || n > 2 || (n == 2 && !o->compare))
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           o->compare ? _("--compare takes two profile files, before and after")
                                      : _("--export takes one profile file (two with --compare)"));
      return FALSE;
    }

  *before = load_one (o, o->files[0], error);
  if (*before == NULL)
    return FALSE;
  if (n == 2)
    {
      *after = load_one (o, o->files[1], error);
      return *after != NULL;
    }
  if (o->compare)
    {
      HearthProfile *baseline = hearth_profile_get_baseline (*before);

      if (baseline == NULL)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("%s: --compare needs a second file (or a differential folded file)"),
                       o->files[0]);
          return FALSE;
        }
      *after = *before;
      *before = g_object_ref (baseline);
    }
  return TRUE;
}

/* --export --chart: the calls in time order; files that keep none are refused. */
static int
export_chart (HearthCliOptions    *o,
              HearthProfile       *profile,
              gboolean             compare,
              HearthExportOptions *options)
{
  g_autoptr (HearthCallTree) chart = NULL;
  g_autoptr (HearthNames) names = NULL;
  g_autoptr (GError) error = NULL;
  HearthNamesJob *job;

  if (compare || o->merge)
    return fail (_("--chart draws one file: it does not go with --compare or --merge"));
  job = hearth_names_job_start (profile, (const char * const *) o->mine, !o->no_source);
  chart = hearth_call_tree_new_chart (profile, &error);
  names = hearth_names_job_finish (job);
  if (chart == NULL)
    {
      g_autofree char *message = g_strdup_printf ("%s: %s", o->files[0], error->message);

      return fail (message);
    }
  options->width = o->width;
  options->icicle = o->icicle;
  options->title = o->title;
  if (!hearth_export_to_file (o->export, chart, names, NULL, NULL, options, &error))
    return fail (error->message);
  return 0;
}

/* --export OUT --sandwich KEY FILE: one function with its callees above and its callers
 * below, drawn by the same renderer. */
static int
export_sandwich (HearthCliOptions    *o,
                 HearthProfile       *profile,
                 HearthExportOptions *options)
{
  HearthCallTreeOptions tree = HEARTH_CALL_TREE_OPTIONS_INIT;
  g_autoptr (HearthSandwich) sandwich = NULL;
  g_autoptr (HearthNames) names = NULL;
  g_autoptr (GError) error = NULL;
  gint function;

  if (!tree_options (o, &tree, &error))
    return fail (error->message);
  function = hearth_call_tree_parse_function (profile, o->sandwich, &error);
  if (function < 0)
    return fail (error->message);
  sandwich = hearth_sandwich_new (profile, (guint) function, &tree, &error);
  if (sandwich == NULL)
    return fail (error->message);
  names = hearth_names_new (profile, (const char * const *) o->mine, !o->no_source);
  if (!hearth_sandwich_export_to_file (o->export, sandwich, names, options, &error))
    return fail (error->message);
  return 0;
}

static int
run_export (HearthCliOptions *o)
{
  HearthExportOptions options = HEARTH_EXPORT_OPTIONS_INIT;
  g_autoptr (HearthProfile) before = NULL;
  g_autoptr (HearthProfile) after = NULL;
  g_autoptr (HearthCallTree) before_tree = NULL;
  g_autoptr (HearthCallTree) after_tree = NULL;
  g_autoptr (HearthNames) before_names = NULL;
  g_autoptr (HearthNames) after_names = NULL;
  HearthNamesJob *before_job, *after_job = NULL;
  g_autoptr (GPtrArray) runs = NULL;
  g_autoptr (HearthSpread) spread = NULL;
  g_autoptr (GError) error = NULL;

  if (o->width < HEARTH_EXPORT_MIN_WIDTH || o->width > HEARTH_EXPORT_MAX_WIDTH)
    {
      g_autofree char *message = g_strdup_printf (_("--width takes %d to %d pixels, not %d"),
                                                  HEARTH_EXPORT_MIN_WIDTH,
                                                  HEARTH_EXPORT_MAX_WIDTH, o->width);
      return fail (message);
    }
  if (o->sandwich != NULL && (o->compare || o->root != NULL || o->icicle))
    return fail (_("--sandwich draws one profile around one function: it does not go with "
                   "--compare, --root or --icicle"));
  if (!load_for_export (o, &before, &after, &runs, &error))
    return fail (error->message);
  if (o->sandwich != NULL)
    {
      options.width = o->width;
      options.title = o->title;
      return export_sandwich (o, before, &options);
    }

  if (o->chart)
    return export_chart (o, before, after != NULL, &options);

  /* the names are made beside the layout */
  before_job = hearth_names_job_start (before, (const char * const *) o->mine, !o->no_source);
  if (after != NULL)
    after_job = hearth_names_job_start (after, (const char * const *) o->mine, !o->no_source);
  before_tree = build_tree (o, before, &error);
  if (before_tree != NULL && after != NULL)
    after_tree = build_tree (o, after, &error);
  before_names = hearth_names_job_finish (before_job);
  if (after_job != NULL)
    after_names = hearth_names_job_finish (after_job);
  if (before_tree == NULL || (after != NULL && after_tree == NULL))
    return fail (error->message);
  /* merged runs: the noisy bars get their whiskers */
  if (runs != NULL && (spread = hearth_spread_new (before_tree,
                                                   (HearthProfile * const *) runs->pdata,
                                                   runs->len, NULL, &error)) == NULL)
    return fail (error->message);

  options.width = o->width;
  options.icicle = o->icicle;
  options.title = o->title;  /* NULL: the renderer names the run(s) and totals */
  options.spread = spread;

  if (!hearth_export_to_file (o->export, before_tree, before_names, after_tree, after_names,
                              &options, &error))
    return fail (error->message);

  return 0;
}

static gboolean
check_profile_options (HearthCliOptions  *o,
                       GError           **error)
{
  guint n = o->files != NULL ? g_strv_length (o->files) : 0;

  if (!o->profile && (o->sample || o->cpu || o->threads || o->python || o->out || o->no_window))
    g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                         _("--sample, --cpu, --threads, --python, --out and --no-window go "
                           "with --profile"));
  else if ((o->cpu || o->threads) && !o->sample)
    g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                         _("--cpu and --threads are options of the sampler: add --sample"));
  else if (n == 0 || (g_str_equal (o->files[0], "-m") && n < 2))
    g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                         _("--profile takes a script and its arguments after --, or -m MODULE"));
  else
    return TRUE;
  return FALSE;
}

/* Runs the script; on success the window opens the profile unless --no-window, on failure
 * the script's status is passed on. Returns -1 (the window) or the exit status. */
static int
run_profile (HearthCliOptions   *o,
             char             ***files)
{
  HearthProfileRun run = {
    .python = o->python, .out = o->out, .sample = o->sample, .cpu = o->cpu,
    .threads = o->threads, .command = (const char * const *) o->files,
  };
  g_autoptr (GError) error = NULL;
  g_autofree char *written = NULL;
  int status;

  if (!check_profile_options (o, &error))
    return fail (error->message);
  status = hearth_profile_run (&run, &written, &error);
  if (status < 0)
    return fail (error->message);

  if (written == NULL)
    {
      g_autofree char *message =
        g_strdup_printf (_("the script exited with status %d and wrote no profile"), status);

      fail (message);
      return status != 0 ? status : 1;
    }
  if (status != 0)
    {
      g_printerr (_("hearth: the script exited with status %d; the profile of the part that "
                    "ran is in %s\n"), status, written);
      return status;
    }
  g_printerr (_("hearth: profile written to %s\n"), written);
  if (o->no_window)
    return 0;
  *files = g_new0 (char *, 2);
  (*files)[0] = g_steal_pointer (&written);
  return -1;
}

/* `--merge A… -- --merge B…`: the second group is cut off before the options are parsed,
 * as the parser would take its --merge for the first one's. A `--` not followed by --merge
 * (the script of --profile) is left alone. */
static char **
split_after_group (int   *argc,
                   char **argv)
{
  char **group;

  for (int i = 1; i < *argc; i++)
    {
      if (!g_str_equal (argv[i], "--"))
        continue;
      if (i + 1 >= *argc || !g_str_equal (argv[i + 1], "--merge"))
        return NULL;
      group = g_new0 (char *, *argc - i - 1);
      for (int k = i + 2; k < *argc; k++)
        group[k - i - 2] = g_strdup (argv[k]);
      argv[i] = NULL;
      *argc = i;
      return group;
    }
  return NULL;
}

/**
 * hearth_cli_run:
 * @argc: argument count
 * @argv: arguments
 * @files: (out) (transfer full): files to open in windows, when the return value is -1
 * @window_argv: (out) (transfer full): when not %NULL, the command line the application
 *   should get instead of @argv (a profile that --profile wrote)
 *
 * Parses the command line. Headless modes and --profile run here, without a display.
 *
 * Returns: an exit status, or -1 when the caller should start the application
 */
int
hearth_cli_run (int     argc,
                char  **argv,
                char ***files,
                char ***window_argv)
{
  HearthCliOptions o = { .cutoff = 0.01, .width = 1200, .count = 10, .max_repeat = 1 };
  GOptionEntry entries[] = {
    { "print", 0, 0, G_OPTION_ARG_STRING, &o.print,
      N_("Print summary, bars, widest, folded, warnings, functions, sandwich, chart (the "
         "calls in time order), (with --merge) spread, or changes (of two files, or of "
         "--merge BEFORE… -- --merge AFTER…), without a window"), N_("MODE") },
    { "export", 0, 0, G_OPTION_ARG_FILENAME, &o.export,
      N_("Export the flame graph to OUT (.png, .svg, .pdf or .html) without a window"), N_("OUT") },
    { "compare", 0, 0, G_OPTION_ARG_NONE, &o.compare,
      N_("Compare two profiles, before and after, on one time axis"), NULL },
    { "merge", 0, 0, G_OPTION_ARG_NONE, &o.merge,
      N_("Add the profiles up into one, as pstats.Stats (A, B, …) does (runs of one program)"),
      NULL },
    { "width", 0, 0, G_OPTION_ARG_INT, &o.width, N_("Width of an export in pixels"), N_("PX") },
    { "root", 0, 0, G_OPTION_ARG_STRING, &o.root,
      N_("Start the graph at this function"), N_("FILE:LINE:NAME") },
    { "function", 0, 0, G_OPTION_ARG_STRING, &o.function,
      N_("The function whose callers and callees --print sandwich lists"),
      N_("FILE:LINE:NAME") },
    { "sandwich", 0, 0, G_OPTION_ARG_STRING, &o.sandwich,
      N_("With --export: draw this function's callees above it and its callers below it"),
      N_("FILE:LINE:NAME") },
    { "cutoff", 0, 0, G_OPTION_ARG_DOUBLE, &o.cutoff,
      N_("Hide callees narrower than this fraction of the root (default 0.01)"), N_("FRACTION") },
    { "max-repeat", 0, 0, G_OPTION_ARG_INT, &o.max_repeat,
      N_("How often a function may appear on one chain (default 1)"), N_("N") },
    { "mine", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &o.mine,
      N_("Count code under PATH as your own (repeatable)"), N_("PATH") },
    { "thread", 0, 0, G_OPTION_ARG_STRING, &o.thread,
      N_("Print or export one thread (or speedscope profile) of the file: its name, a part of "
         "its name, or its number from 1"), N_("NAME|INDEX") },
    { "title", 0, 0, G_OPTION_ARG_STRING, &o.title,
      N_("Title of an export (default: the file name)"), N_("TEXT") },
    { "icicle", 0, 0, G_OPTION_ARG_NONE, &o.icicle, N_("Draw the root at the top"), NULL },
    { "chart", 0, 0, G_OPTION_ARG_NONE, &o.chart,
      N_("With --export: draw the calls in time order (a flame chart), not merged"), NULL },
    { "no-source", 0, 0, G_OPTION_ARG_NONE, &o.no_source,
      N_("Do not read source files to qualify function names"), NULL },
    { "count", 0, 0, G_OPTION_ARG_INT, &o.count,
      N_("How many chains --print widest lists (default 10)"), N_("N") },
    { "profile", 0, 0, G_OPTION_ARG_NONE, &o.profile,
      N_("Run a Python script (after --, or -m MODULE) under cProfile and open its profile"),
      NULL },
    { "sample", 0, 0, G_OPTION_ARG_NONE, &o.sample,
      N_("With --profile: use Hearth's sampler, which records exact call chains"), NULL },
    { "cpu", 0, 0, G_OPTION_ARG_NONE, &o.cpu,
      N_("With --sample: count CPU time instead of wall-clock time"), NULL },
    { "threads", 0, 0, G_OPTION_ARG_NONE, &o.threads,
      N_("With --sample: record every thread, each under a root named after it"), NULL },
    { "python", 0, 0, G_OPTION_ARG_FILENAME, &o.python,
      N_("With --profile: the Python interpreter to run (default python3)"), N_("INTERPRETER") },
    { "out", 0, 0, G_OPTION_ARG_FILENAME, &o.out,
      N_("With --profile: write the profile to FILE (default: a new file here)"), N_("FILE") },
    { "no-window", 0, 0, G_OPTION_ARG_NONE, &o.no_window,
      N_("With --profile: only write the profile"), NULL },
    { "version", 0, 0, G_OPTION_ARG_NONE, &o.version, N_("Print the version"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &o.files, NULL, N_("FILE…") },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  g_autoptr (GError) error = NULL;
  int status = -1;

  *files = NULL;
  *window_argv = NULL;
  g_option_context_set_summary (context, _("Hearth shows a Python profile as a flame graph."));
  g_option_context_set_description (context, _("To profile a script: hearth --profile [--sample] "
                                               "[OPTION…] -- SCRIPT [ARGS…] (or -- -m MODULE "
                                               "[ARGS…])"));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);

  o.after_files = split_after_group (&argc, argv);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      status = fail (error->message);
      goto out;
    }

  if (o.version)
    {
      g_print ("hearth %s\n", PACKAGE_VERSION);
      status = 0;
    }
  else if (o.profile || o.sample || o.cpu || o.threads || o.python || o.out || o.no_window)
    {
      status = run_profile (&o, files);
      if (status < 0)
        {
          *window_argv = g_new0 (char *, 3);
          (*window_argv)[0] = g_strdup (argv[0]);
          (*window_argv)[1] = g_strdup ((*files)[0]);
        }
    }
  else if (o.after_files != NULL &&
           (!o.merge || o.after_files[0] == NULL ||
            !(o.compare || g_strcmp0 (o.print, "changes") == 0)))
    status = fail (_("two groups of runs go with --compare or --print changes, each after "
                     "--merge: --merge BEFORE… -- --merge AFTER…"));
  else if (o.merge && o.print == NULL && o.export == NULL && o.after_files != NULL)
    *files = g_steal_pointer (&o.files);  /* the compare window, given two groups */
  else if (o.merge && o.compare && o.print == NULL && o.export == NULL)
    status = fail (_("--merge compares two groups of runs: --merge BEFORE… -- --merge "
                     "AFTER…"));
  else if (o.chart && o.export == NULL)
    status = fail (_("--chart goes with --export (--print chart prints the blocks)"));
  else if (o.sandwich != NULL && o.export == NULL)
    status = fail (_("--sandwich goes with --export OUT (.png, .svg or .pdf)"));
  else if ((o.print != NULL || o.export != NULL) && !expand_folder_args (&o, &error))
    status = fail (error->message);
  else if (o.print != NULL)
    {
      /* Machine-readable output: a decimal point, whatever the user's locale. */
      setlocale (LC_NUMERIC, "C");
      status = run_print (&o);
    }
  else if (o.export != NULL)
    {
      setlocale (LC_NUMERIC, "C");
      status = run_export (&o);
    }
  else
    *files = g_steal_pointer (&o.files);

out:
  cli_options_clear (&o);
  return status;
}
