/* hearth-application.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-application"

#include "hearth-application.h"

#include <glib/gi18n.h>

#include "hearth-compare-window.h"
#include "hearth-profile-folder.h"
#include "hearth-ui-resources.h"
#include "hearth-window-private.h"

/**
 * HearthApplication:
 *
 * One running instance: `hearth FILE…` run again, or a file opened from the file manager,
 * goes to it. A window per file; `hearth` alone shows a window with the welcome page. The
 * command line options that shape a graph (`--root`, `--cutoff`, `--max-repeat`, `--mine`,
 * `--icicle`, `--no-source`) apply to the windows that command line opens. `--compare
 * BEFORE AFTER` opens a #HearthCompareWindow. The windows ask for other windows through the
 * actions `app.open` (a file's URI) and `app.compare` (two URIs, before and after).
 */

struct _HearthApplication
{
  GtkApplication parent_instance;
};

G_DEFINE_FINAL_TYPE (HearthApplication, hearth_application, GTK_TYPE_APPLICATION)

typedef struct
{
  const char  *root;
  double       cutoff;
  gint         max_repeat;
  char       **mine;
  gboolean     icicle;
  gboolean     no_source;
} WindowOptions;

/* Windows ------------------------------------------------------------------------------------ */

static HearthWindow *
find_window_for (HearthApplication *self,
                 GFile             *file)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    {
      GFile *shown;

      if (!HEARTH_IS_WINDOW (l->data))
        continue;
      shown = hearth_window_get_file (l->data);
      if (shown != NULL && g_file_equal (shown, file))
        return l->data;
    }
  return NULL;
}

static HearthWindow *
find_empty_window (HearthApplication *self)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    if (HEARTH_IS_WINDOW (l->data) && hearth_window_is_empty (l->data))
      return l->data;
  return NULL;
}

static void
apply_session_options (HearthSession       *session,
                       const WindowOptions *options)
{
  if (options->root != NULL)
    hearth_session_set_root_spec (session, options->root);
  if (options->cutoff >= 0)
    hearth_session_set_cutoff (session, options->cutoff);
  if (options->max_repeat > 0)
    hearth_session_set_max_repeat (session, options->max_repeat);
  if (options->mine != NULL)
    hearth_session_set_mine_paths (session, (const char * const *) options->mine);
  if (options->no_source)
    hearth_session_set_use_source (session, FALSE);
}

static void
apply_options (HearthWindow        *window,
               const WindowOptions *options)
{
  if (options == NULL)
    return;
  apply_session_options (hearth_window_get_session (window), options);
  if (options->icicle)
    hearth_window_set_icicle (window, TRUE);
}

static HearthWindow *
open_with_options (HearthApplication   *self,
                   GFile               *file,
                   gboolean             new_window,
                   const WindowOptions *options)
{
  HearthWindow *window = new_window ? NULL : find_window_for (self, file);

  if (window != NULL && options == NULL)
    {
      gtk_window_present (GTK_WINDOW (window));
      return window;
    }
  window = new_window ? NULL : find_empty_window (self);
  if (window == NULL)
    window = hearth_window_new (GTK_APPLICATION (self));
  apply_options (window, options);
  hearth_window_open (window, file);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

/**
 * hearth_application_open_file:
 * @self: a #HearthApplication
 * @file: a profile file
 * @from: (nullable): the window asking, if any
 *
 * Shows @file: presents the window that shows it already, or loads it in an empty window,
 * or in a new one.
 */
void
hearth_application_open_file (HearthApplication *self,
                              GFile             *file,
                              GtkWindow         *from)
{
  g_return_if_fail (HEARTH_IS_APPLICATION (self));
  g_return_if_fail (G_IS_FILE (file));

  open_with_options (self, file, FALSE, NULL);
}

static HearthCompareWindow *
compare_with_options (HearthApplication   *self,
                      GFile               *before,
                      GFile               *after,
                      const WindowOptions *options)
{
  HearthCompareWindow *window = hearth_compare_window_new (GTK_APPLICATION (self));

  if (options != NULL)
    {
      for (guint run = 0; run < 2; run++)
        apply_session_options (hearth_compare_window_get_session (window, run), options);
      if (options->icicle)
        hearth_compare_window_set_icicle (window, TRUE);
    }
  hearth_compare_window_open (window, before, after);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

/**
 * hearth_application_compare:
 * @self: a #HearthApplication
 * @before: the first run's profile file
 * @after: the second run's
 *
 * Opens a compare window for the two files.
 *
 * Returns: (transfer none): the window
 */
GtkWindow *
hearth_application_compare (HearthApplication *self,
                            GFile             *before,
                            GFile             *after)
{
  g_return_val_if_fail (HEARTH_IS_APPLICATION (self), NULL);
  g_return_val_if_fail (G_IS_FILE (before), NULL);
  g_return_val_if_fail (G_IS_FILE (after), NULL);

  return GTK_WINDOW (compare_with_options (self, before, after, NULL));
}

/* app.open and app.compare: how a window asks for another window without knowing the
 * application. Files travel as URIs, the only form a GVariant holds for any GFile. */
static void
open_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  g_autoptr (GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));

  hearth_application_open_file (HEARTH_APPLICATION (user_data), file, NULL);
}

static void
compare_activated (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  const char *before_uri = NULL, *after_uri = NULL;
  g_autoptr (GFile) before = NULL;
  g_autoptr (GFile) after = NULL;

  g_variant_get (parameter, "(&s&s)", &before_uri, &after_uri);
  before = g_file_new_for_uri (before_uri);
  after = g_file_new_for_uri (after_uri);
  hearth_application_compare (HEARTH_APPLICATION (user_data), before, after);
}

/* GApplication ------------------------------------------------------------------------------- */

static void
hearth_application_activate (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    window = GTK_WINDOW (hearth_window_new (GTK_APPLICATION (app)));
  gtk_window_present (window);
}

static void
merge_with_options (HearthApplication   *self,
                    GPtrArray           *files,
                    const WindowOptions *options)
{
  HearthWindow *window = find_empty_window (self);

  if (window == NULL)
    window = hearth_window_new (GTK_APPLICATION (self));
  apply_options (window, options);
  hearth_window_open_merged (window, (GFile * const *) files->pdata, files->len);
  gtk_window_present (GTK_WINDOW (window));
}

/* Several files opened together (Files' Open With sends them at once): a window each, and
 * the last one offers them merged. */
static void
open_several (HearthApplication   *self,
              GPtrArray           *files,
              const WindowOptions *options)
{
  HearthWindow *last = NULL;

  for (guint i = 0; i < files->len; i++)
    last = open_with_options (self, files->pdata[i], FALSE, options);
  if (files->len >= 2 && last != NULL)
    _hearth_window_offer_together (last, files);
}

static void
hearth_application_open (GApplication  *app,
                         GFile        **files,
                         int            n_files,
                         const char    *hint)
{
  g_autoptr (GPtrArray) list = g_ptr_array_new_with_free_func (g_object_unref);

  for (int i = 0; i < n_files; i++)
    g_ptr_array_add (list, g_object_ref (files[i]));
  open_several (HEARTH_APPLICATION (app), list, NULL);
}

/* --cutoff is a string: GApplication leaves a double option that is 0 out of the dictionary,
 * and 0 is a cutoff one may well ask for. hearth_cli_run () has checked the value already. */
static void
read_options (GVariantDict  *dict,
              WindowOptions *options,
              gboolean      *any)
{
  const char *cutoff = NULL;

  *any = FALSE;
  options->cutoff = -1;
  options->max_repeat = 0;
  *any |= g_variant_dict_lookup (dict, "root", "&s", &options->root);
  if (g_variant_dict_lookup (dict, "cutoff", "&s", &cutoff))
    {
      options->cutoff = g_ascii_strtod (cutoff, NULL);
      *any = TRUE;
    }
  *any |= g_variant_dict_lookup (dict, "max-repeat", "i", &options->max_repeat);
  *any |= g_variant_dict_lookup (dict, "mine", "^aay", &options->mine);
  *any |= g_variant_dict_lookup (dict, "icicle", "b", &options->icicle);
  *any |= g_variant_dict_lookup (dict, "no-source", "b", &options->no_source);
}

static gboolean
is_folder (GFile *file)
{
  return g_file_query_file_type (file, G_FILE_QUERY_INFO_NONE, NULL) == G_FILE_TYPE_DIRECTORY;
}

/* @files with each folder among them replaced by the profiles in it, as the command line's
 * --print and --export take them; %NULL, said on @command_line, when one cannot be. */
static GPtrArray *
expand_folders (GApplicationCommandLine *command_line,
                GPtrArray               *files)
{
  g_autoptr (GFile) left_out = NULL;
  g_autoptr (GError) error = NULL;
  GPtrArray *out = hearth_profile_folder_expand (files, &left_out, &error);

  if (out == NULL)
    g_application_command_line_printerr (command_line, "hearth: %s\n", error->message);
  else if (left_out != NULL)
    g_application_command_line_printerr (command_line, "hearth: %s\n",
                                         hearth_profile_folder_left_out_note ());
  return out;
}

/* Two sides of runs, each given as files and folders, in a compare window; a side given as
 * one folder is named after it. */
static int
open_groups (HearthApplication       *self,
             GApplicationCommandLine *command_line,
             GPtrArray               *given[2],
             const WindowOptions     *options)
{
  g_autoptr (GPtrArray) before = NULL;
  g_autoptr (GPtrArray) after = NULL;
  HearthCompareWindow *window;

  if ((before = expand_folders (command_line, given[0])) == NULL ||
      (after = expand_folders (command_line, given[1])) == NULL)
    return 1;
  window = hearth_compare_window_new (GTK_APPLICATION (self));
  if (options != NULL)
    {
      for (guint run = 0; run < 2; run++)
        apply_session_options (hearth_compare_window_get_session (window, run), options);
      if (options->icicle)
        hearth_compare_window_set_icicle (window, TRUE);
    }
  hearth_compare_window_open_groups (window, (GFile * const *) before->pdata, before->len,
                                     (GFile * const *) after->pdata, after->len);
  gtk_window_present (GTK_WINDOW (window));
  return 0;
}

/* `hearth --compare BEFORE/ AFTER/`: two folders of runs, each side named after its folder. */
static int
compare_folders (HearthApplication       *self,
                 GApplicationCommandLine *command_line,
                 GFile                   *before,
                 GFile                   *after,
                 const WindowOptions     *options)
{
  HearthCompareWindow *window = hearth_compare_window_new (GTK_APPLICATION (self));
  g_autoptr (GFile) left_out = NULL;
  g_autoptr (GError) error = NULL;

  if (options != NULL)
    {
      for (guint run = 0; run < 2; run++)
        apply_session_options (hearth_compare_window_get_session (window, run), options);
      if (options->icicle)
        hearth_compare_window_set_icicle (window, TRUE);
    }
  if (!hearth_compare_window_open_folders (window, before, after, &left_out, &error))
    {
      g_application_command_line_printerr (command_line, "hearth: %s\n", error->message);
      gtk_window_destroy (GTK_WINDOW (window));
      return 1;
    }
  if (left_out != NULL)
    g_application_command_line_printerr (command_line, "hearth: %s\n",
                                         hearth_profile_folder_left_out_note ());
  gtk_window_present (GTK_WINDOW (window));
  return 0;
}

/* `--compare --merge BEFORE… -- --merge AFTER…`: the option parser has taken the first
 * --merge; the second (and any `--`) divides the files into the two sides. */
static int
compare_groups (HearthApplication       *self,
                GApplicationCommandLine *command_line,
                char                   **argv,
                int                      argc,
                const WindowOptions     *options)
{
  g_autoptr (GPtrArray) before = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GPtrArray) after = g_ptr_array_new_with_free_func (g_object_unref);
  GPtrArray *sides[2] = { before, after };
  guint side = 0;

  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--"))
        continue;
      if (g_str_equal (argv[i], "--merge") && side == 0)
        side = 1;
      else
        g_ptr_array_add (sides[side],
                         g_application_command_line_create_file_for_arg (command_line, argv[i]));
    }
  if (sides[0]->len == 0 || sides[1]->len == 0)
    {
      g_application_command_line_printerr (command_line, "hearth: %s\n",
                                           _("--merge compares two groups of runs: --merge "
                                             "BEFORE… -- --merge AFTER…"));
      return 1;
    }
  return open_groups (self, command_line, sides, options);
}

static int
hearth_application_command_line (GApplication            *app,
                                 GApplicationCommandLine *command_line)
{
  HearthApplication *self = HEARTH_APPLICATION (app);
  GVariantDict *dict = g_application_command_line_get_options_dict (command_line);
  WindowOptions options = { 0 };
  g_auto (GStrv) argv = NULL;
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  gboolean compare = FALSE, merge = FALSE, any = FALSE;
  int argc = 0;

  read_options (dict, &options, &any);
  g_variant_dict_lookup (dict, "compare", "b", &compare);
  g_variant_dict_lookup (dict, "merge", "b", &merge);
  argv = g_application_command_line_get_arguments (command_line, &argc);
  for (int i = 1; i < argc; i++)
    g_ptr_array_add (files, g_application_command_line_create_file_for_arg (command_line, argv[i]));

  if (compare && merge)
    {
      int status = compare_groups (self, command_line, argv, argc, any ? &options : NULL);

      g_strfreev (options.mine);
      return status;
    }
  /* two folders of runs: a group each */
  if (compare && !merge && files->len == 2 && is_folder (files->pdata[0]) &&
      is_folder (files->pdata[1]))
    {
      int status = compare_folders (self, command_line, files->pdata[0], files->pdata[1],
                                    any ? &options : NULL);

      g_strfreev (options.mine);
      return status;
    }
  if (compare && files->len != 2)
    {
      g_application_command_line_printerr (command_line, "hearth: %s\n",
                                           _("--compare takes two profiles, before and after"));
      g_strfreev (options.mine);
      return 1;
    }

  if (compare)
    compare_with_options (self, files->pdata[0], files->pdata[1], any ? &options : NULL);
  else if (files->len == 0)
    g_application_activate (app);
  else if (merge)
    {
      g_autoptr (GPtrArray) runs = expand_folders (command_line, files);

      if (runs == NULL)
        {
          g_strfreev (options.mine);
          return 1;
        }
      merge_with_options (self, runs, any ? &options : NULL);
    }
  else
    open_several (self, files, any ? &options : NULL);

  g_strfreev (options.mine);
  return 0;
}

static void
quit_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  g_application_quit (G_APPLICATION (user_data));
}

/* The page on reading the graph, in the desktop's help browser (yelp). */
static void
help_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));

  gtk_show_uri (parent, HEARTH_HELP_URI, GDK_CURRENT_TIME);
}

static void
about_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  static const char *authors[] = { "The Hearth authors", NULL };
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));

  gtk_show_about_dialog (parent,
                         "program-name", _("Hearth"),
                         "logo-icon-name", APP_ID,
                         "version", PACKAGE_VERSION,
                         "comments", _("Shows a Python profile as a flame graph and tells you "
                                       "which call chain takes the time"),
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "copyright", "© 2026 The Hearth authors",
                         "authors", authors,
                         "translator-credits", _("translator-credits"),
                         NULL);
}

static void
hearth_application_startup (GApplication *app)
{
  static const GActionEntry entries[] = {
    { "quit", quit_activated, NULL, NULL, NULL, { 0 } },
    { "about", about_activated, NULL, NULL, NULL, { 0 } },
    { "help", help_activated, NULL, NULL, NULL, { 0 } },
    { "open", open_activated, "s", NULL, NULL, { 0 } },
    { "compare", compare_activated, "(ss)", NULL, NULL, { 0 } },
  };
  static const struct
  {
    const char *action;
    const char *accels[3];
  } accels[] = {
    { "app.quit", { "<Control>q", NULL } },
    { "win.open", { "<Control>o", NULL } },
    { "win.reload", { "<Control>r", "F5", NULL } },
    { "win.search", { "<Control>f", NULL } },
    { "win.close", { "<Control>w", NULL } },
    { "win.side-pane", { "F9", NULL } },
    { "app.help", { "F1", NULL } },
  };

  G_APPLICATION_CLASS (hearth_application_parent_class)->startup (app);

  g_set_application_name (_("Hearth"));
  gtk_window_set_default_icon_name (APP_ID);
  g_action_map_add_action_entries (G_ACTION_MAP (app), entries, G_N_ELEMENTS (entries), app);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), accels[i].action,
                                           accels[i].accels);
}

/* The resource path is the same for the development flavour's application ID. GApplication
 * sets its own default in constructed (), so ours comes after. */
static void
hearth_application_constructed (GObject *object)
{
  G_OBJECT_CLASS (hearth_application_parent_class)->constructed (object);

  g_application_set_resource_base_path (G_APPLICATION (object), HEARTH_RESOURCE_PATH);
}

static void
hearth_application_class_init (HearthApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->constructed = hearth_application_constructed;
  app_class->activate = hearth_application_activate;
  app_class->open = hearth_application_open;
  app_class->command_line = hearth_application_command_line;
  app_class->startup = hearth_application_startup;
}

static void
hearth_application_init (HearthApplication *self)
{
  static const GOptionEntry options[] = {
    { "compare", 0, 0, G_OPTION_ARG_NONE, NULL,
      N_("Compare two profiles, before and after, on one time axis"), NULL },
    { "merge", 0, 0, G_OPTION_ARG_NONE, NULL,
      N_("Add the profiles up into one, as pstats.Stats (A, B, …) does (runs of one program)"),
      NULL },
    { "root", 0, 0, G_OPTION_ARG_STRING, NULL,
      N_("Start the graph at this function"), N_("FILE:LINE:NAME") },
    { "cutoff", 0, 0, G_OPTION_ARG_STRING, NULL,
      N_("Hide callees narrower than this fraction of the root (default 0.01)"), N_("FRACTION") },
    { "max-repeat", 0, 0, G_OPTION_ARG_INT, NULL,
      N_("How often a function may appear on one chain (default 1)"), N_("N") },
    { "mine", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, NULL,
      N_("Count code under PATH as your own (repeatable)"), N_("PATH") },
    { "icicle", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Draw the root at the top"), NULL },
    { "no-source", 0, 0, G_OPTION_ARG_NONE, NULL,
      N_("Do not read source files to qualify function names"), NULL },
    /* headless options that mean nothing to a window; accepted so that they are not errors */
    { "width", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_INT, NULL, NULL, NULL },
    { "count", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_INT, NULL, NULL, NULL },
    { NULL }
  };

  _hearth_ui_register_resources ();
  g_application_add_main_option_entries (G_APPLICATION (self), options);
  g_application_set_option_context_parameter_string (G_APPLICATION (self), _("[FILE…]"));
}

/**
 * hearth_application_new:
 *
 * Returns: (transfer full): the application
 */
HearthApplication *
hearth_application_new (void)
{
  return g_object_new (HEARTH_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN | G_APPLICATION_HANDLES_COMMAND_LINE,
                       NULL);
}
