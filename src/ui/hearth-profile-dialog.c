/* hearth-profile-dialog.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Profile a Script: the command of hearth-profile-command.c run through GSubprocess, its
 * output shown as it comes. Cancel sends SIGINT, so the script writes the part that ran,
 * then SIGTERM and SIGKILL a grace period apart; the child is always waited for. */

#define G_LOG_DOMAIN "hearth-profile-dialog"

#include "hearth-profile-dialog.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>

#include "hearth-gtk-compat.h"
#include "hearth-profile-command.h"
#include "hearth-profile-recipe.h"
#include "hearth-settings.h"

/* Between SIGINT and SIGTERM, and SIGTERM and SIGKILL. */
#define HEARTH_PROFILE_GRACE_S 2

struct _HearthProfileDialog
{
  GtkWindow       parent_instance;

  GtkWidget      *form;
  GtkCheckButton *module_check;
  GtkEntry       *target;
  GtkWidget      *choose_button;
  GtkEntry       *arguments;
  GtkEntry       *folder;
  GtkEntry       *python;
  GtkCheckButton *profilers[HEARTH_PROFILER_PROFILING_SAMPLING + 1];
  GtkCheckButton *cpu_check;
  GtkCheckButton *threads_check;
  GtkLabel       *status;
  GtkTextView    *output;
  GtkWidget      *run_button;
  GtkButton      *close_button;

  GSubprocess    *probe;      /* does the interpreter have profiling.sampling? */
  GCancellable   *probing;
  guint           probe_later;
  GSettings      *settings;   /* (nullable): without the schema nothing is remembered */
  char           *out_folder; /* where the profile goes when not the working folder */
  HearthProfileRecipe *recipe; /* the run going on */

  GSubprocess    *child;
  GCancellable   *reading;
  GByteArray     *pending;   /* the start of a UTF-8 character cut by a read */
  char           *out;
  char           *status_text;
  GPid            pid;
  gint64          started;
  guint           tick;
  guint           grace;
  guint           signals_sent;
  gboolean        waited;
  gboolean        eof;
  gboolean        cancelled;
  gboolean        close_when_done;
};

enum
{
  PROFILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (HearthProfileDialog, hearth_profile_dialog, GTK_TYPE_WINDOW)

static void
set_status (HearthProfileDialog *self,
            char                *text)
{
  g_free (self->status_text);
  self->status_text = text;
  gtk_label_set_text (self->status, text);
}

static char *
entry_text (GtkEntry *entry)
{
  return g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));
}

static double
elapsed (HearthProfileDialog *self)
{
  return (g_get_monotonic_time () - self->started) / (double) G_USEC_PER_SEC;
}

static gboolean
tick (gpointer user_data)
{
  HearthProfileDialog *self = user_data;

  if (!self->cancelled)
    set_status (self, g_strdup_printf (_("Running for %.1f s…"), elapsed (self)));
  return G_SOURCE_CONTINUE;
}

static void
append_output (HearthProfileDialog *self,
               const char          *text,
               gsize                len)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->output);
  GtkTextIter end;

  gtk_text_buffer_get_end_iter (buffer, &end);
  gtk_text_buffer_insert (buffer, &end, text, (int) len);
  gtk_text_buffer_get_end_iter (buffer, &end);
  gtk_text_view_scroll_to_iter (self->output, &end, 0.0, FALSE, 0.0, 0.0);
}

/* Appends the whole characters read so far; a cut character waits for its end. */
static void
take_output (HearthProfileDialog *self,
             GBytes              *bytes)
{
  gsize size = 0;
  const guint8 *data = g_bytes_get_data (bytes, &size);
  const char *valid_end = NULL;
  const char *text;
  gsize len;

  g_byte_array_append (self->pending, data, (guint) size);
  text = (const char *) self->pending->data;
  len = self->pending->len;
  g_utf8_validate_len (text, len, &valid_end);
  append_output (self, text, valid_end - text);
  /* bad bytes, not a character cut short: shown replaced, not held back forever */
  if (len - (valid_end - text) >= 4 || (size == 0 && valid_end != text + len))
    {
      g_autofree char *fixed = g_utf8_make_valid (valid_end, len - (valid_end - text));

      append_output (self, fixed, strlen (fixed));
      valid_end = text + len;
    }
  g_byte_array_remove_range (self->pending, 0, valid_end - text);
}

static void finish (HearthProfileDialog *self);

static void
read_more (HearthProfileDialog *self);

static void
read_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr (HearthProfileDialog) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = g_input_stream_read_bytes_finish (G_INPUT_STREAM (source), result,
                                                               &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (bytes != NULL)
    take_output (self, bytes);
  if (bytes == NULL || g_bytes_get_size (bytes) == 0)
    {
      self->eof = TRUE;
      finish (self);
      return;
    }
  read_more (self);
}

static void
read_more (HearthProfileDialog *self)
{
  g_input_stream_read_bytes_async (g_subprocess_get_stdout_pipe (self->child), 8192,
                                   G_PRIORITY_DEFAULT, self->reading, read_done,
                                   g_object_ref (self));
}

static void
set_running (HearthProfileDialog *self,
             gboolean             running)
{
  gtk_widget_set_sensitive (self->form, !running);
  gtk_widget_set_sensitive (self->run_button, !running);
  gtk_button_set_label (self->close_button, running ? _("_Cancel") : _("_Close"));
}

/* The status line once the child is gone and its output read. */
static char *
describe_end (HearthProfileDialog *self,
              int                  status,
              gboolean             written)
{
  g_autofree char *what = NULL;

  if (self->cancelled)
    what = g_strdup_printf (_("Stopped after %.1f s (status %d)."), elapsed (self), status);
  else
    what = g_strdup_printf (_("The script exited with status %d after %.1f s."), status,
                            elapsed (self));
  if (!written)
    return g_steal_pointer (&what);
  return g_strdup_printf (_("%s The profile of the part that ran is in %s."), what, self->out);
}

/* Called when the child was waited for and when its output ended: acts on both. */
static void
finish (HearthProfileDialog *self)
{
  gboolean written;
  int status;

  if (!self->waited || !self->eof || self->child == NULL)
    return;
  g_clear_handle_id (&self->tick, g_source_remove);
  g_clear_handle_id (&self->grace, g_source_remove);
  status = g_subprocess_get_if_exited (self->child) ? g_subprocess_get_exit_status (self->child)
                                                    : 128 + g_subprocess_get_term_sig (self->child);
  g_clear_object (&self->child);
  written = hearth_profile_command_wrote (self->out);
  if (!written)
    g_unlink (self->out);  /* the name reserved for nothing */
  set_running (self, FALSE);

  if (status == 0 && written && !self->cancelled)
    {
      g_autoptr (GFile) file = g_file_new_for_path (self->out);

      set_status (self, g_strdup (_("Done.")));
      hearth_profile_recipe_note_run (self->out, self->recipe);
      g_signal_emit (self, signals[PROFILED], 0, file);
      gtk_window_close (GTK_WINDOW (self));
      return;
    }
  set_status (self, describe_end (self, status, written));
  if (self->close_when_done)
    gtk_window_close (GTK_WINDOW (self));
}

static void
wait_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr (HearthProfileDialog) self = user_data;

  g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
  self->waited = TRUE;
  finish (self);
}

/* Still running a grace period after SIGINT: SIGTERM, and after another, SIGKILL. */
static gboolean
grace_over (gpointer user_data)
{
  HearthProfileDialog *self = user_data;

  if (self->child == NULL)
    {
      self->grace = 0;
      return G_SOURCE_REMOVE;
    }
  if (self->signals_sent++ == 1)
    {
      g_subprocess_send_signal (self->child, SIGTERM);
      return G_SOURCE_CONTINUE;
    }
  g_subprocess_force_exit (self->child);
  self->grace = 0;
  return G_SOURCE_REMOVE;
}

static void
cancel_run (HearthProfileDialog *self)
{
  if (self->child == NULL || self->cancelled)
    return;
  self->cancelled = TRUE;
  self->signals_sent = 1;
  set_status (self, g_strdup (_("Stopping the script…")));
  g_subprocess_send_signal (self->child, SIGINT);
  self->grace = g_timeout_add (HEARTH_PROFILE_GRACE_S * 1000, grace_over, self);
}

/* The working folder typed, else the script's, else Hearth's. */
static char *
working_folder (HearthProfileDialog *self,
                const char          *target,
                gboolean             module)
{
  g_autofree char *typed = entry_text (self->folder);

  if (typed[0] != '\0')
    return g_steal_pointer (&typed);
  if (!module && g_path_is_absolute (target))
    return g_path_get_dirname (target);
  return g_get_current_dir ();
}

/* SCRIPT ARGS... or -m MODULE ARGS..., or NULL with the reason in the status line. */
static GStrv
build_command (HearthProfileDialog *self,
               const char          *target,
               gboolean             module)
{
  g_autoptr (GStrvBuilder) command = g_strv_builder_new ();
  g_autofree char *arguments = entry_text (self->arguments);
  g_auto (GStrv) split = NULL;
  g_autoptr (GError) error = NULL;

  if (target[0] == '\0')
    {
      set_status (self, g_strdup (module ? _("Name the module to run.")
                                         : _("Choose the script to run.")));
      return NULL;
    }
  if (arguments[0] != '\0' && !g_shell_parse_argv (arguments, NULL, &split, &error))
    {
      set_status (self, g_strdup_printf (_("The arguments cannot be read: %s"), error->message));
      return NULL;
    }
  if (module)
    g_strv_builder_add (command, "-m");
  g_strv_builder_add (command, target);
  if (split != NULL)
    g_strv_builder_addv (command, (const char **) split);
  return g_strv_builder_end (command);
}

static gboolean
start_child (HearthProfileDialog *self,
             GStrv                argv,
             const char          *folder)
{
  g_autoptr (GSubprocessLauncher) launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_MERGE);
  g_autoptr (GError) error = NULL;
  g_autofree char *flatpak_info = hearth_profile_command_flatpak_info ();
  g_auto (GStrv) host = NULL;
  const char *id;

  /* in the Flatpak the user's interpreter and script are the host's */
  if (flatpak_info != NULL)
    {
      host = hearth_profile_command_for_host ((const char * const *) argv, folder, flatpak_info,
                                              &error);
      if (host == NULL)
        {
          set_status (self, g_strdup_printf (_("The profiler could not start: %s"),
                                             error->message));
          return FALSE;
        }
      argv = host;
    }

  g_subprocess_launcher_set_cwd (launcher, folder);
  /* nobody types into the dialog: a script that reads its input gets end-of-file, rather
   * than waiting on the terminal Hearth may have been started from */
  g_subprocess_launcher_set_stdin_file_path (launcher, "/dev/null");
  /* the output is shown as it comes, not when Python's buffer fills */
  g_subprocess_launcher_setenv (launcher, "PYTHONUNBUFFERED", "1", TRUE);
  self->child = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv, &error);
  if (self->child == NULL)
    {
      set_status (self, g_strdup_printf (_("The profiler could not start: %s"), error->message));
      return FALSE;
    }
  id = g_subprocess_get_identifier (self->child);
  self->pid = id != NULL ? (GPid) g_ascii_strtoll (id, NULL, 10) : 0;
  return TRUE;
}

static HearthProfiler
chosen_profiler (HearthProfileDialog *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (self->profilers); i++)
    if (gtk_check_button_get_active (self->profilers[i]))
      return i;
  return HEARTH_PROFILER_CPROFILE;
}

/**
 * hearth_profile_dialog_dup_recipe:
 * @self: a #HearthProfileDialog
 *
 * Returns: (transfer full): the run the form describes
 */
HearthProfileRecipe *
hearth_profile_dialog_dup_recipe (HearthProfileDialog *self)
{
  g_autofree char *target = entry_text (self->target);
  HearthProfileRecipe *recipe =
    hearth_profile_recipe_new (target, gtk_check_button_get_active (self->module_check));

  g_free (recipe->arguments);
  recipe->arguments = entry_text (self->arguments);
  g_free (recipe->folder);
  recipe->folder = entry_text (self->folder);
  g_free (recipe->python);
  recipe->python = entry_text (self->python);
  recipe->profiler = chosen_profiler (self);
  recipe->cpu = gtk_check_button_get_active (self->cpu_check);
  recipe->threads = gtk_check_button_get_active (self->threads_check);
  return recipe;
}

/* The interpreter and the rest, per script, for the next time the same script is chosen. */
static void
remember (HearthProfileDialog       *self,
          const HearthProfileRecipe *recipe)
{
  g_autoptr (GVariant) memory = NULL;
  g_autoptr (GVariant) updated = NULL;

  if (self->settings == NULL)
    return;
  memory = g_settings_get_value (self->settings, "profile-scripts");
  updated = hearth_profile_recipe_remember (memory, recipe, HEARTH_PROFILE_MEMORY_MAX);
  g_settings_set_value (self->settings, "profile-scripts", updated);
}

/* How @target was last run, or %NULL: the last script run of all when @target is %NULL. */
static HearthProfileRecipe *
recall (HearthProfileDialog *self,
        const char          *target,
        gboolean             module)
{
  g_autoptr (GVariant) memory = NULL;

  if (self->settings == NULL)
    return NULL;
  memory = g_settings_get_value (self->settings, "profile-scripts");
  return hearth_profile_recipe_recall (memory, target, module);
}

static void
run_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  HearthProfileDialog *self = HEARTH_PROFILE_DIALOG (widget);
  g_autoptr (HearthProfileRecipe) recipe = hearth_profile_dialog_dup_recipe (self);
  gboolean module = recipe->module;
  gboolean sample = recipe->profiler != HEARTH_PROFILER_CPROFILE;
  const char *target = recipe->target;
  const char *python = recipe->python;
  g_autofree char *sampler = hearth_profile_command_find_sampler ();
  g_autofree char *flatpak_info = hearth_profile_command_flatpak_info ();
  g_autofree char *folder = NULL;
  g_autofree char *out_folder = NULL;
  g_auto (GStrv) command = NULL;
  g_auto (GStrv) argv = NULL;
  g_autoptr (GError) error = NULL;
  HearthProfileRun run = { 0 };

  if (self->child != NULL)
    return;
  command = build_command (self, target, module);
  if (command == NULL)
    return;
  folder = working_folder (self, target, module);
  g_clear_pointer (&self->out, g_free);
  out_folder = self->out_folder != NULL ? g_strdup (self->out_folder)
                                        : hearth_profile_command_out_folder (folder, flatpak_info);
  self->out = hearth_profile_command_reserve_out ((const char * const *) command,
                                                  recipe->profiler, out_folder, &error);
  if (self->out == NULL)
    {
      set_status (self, g_strdup (error->message));
      return;
    }
  run.python = python[0] != '\0' ? python : NULL;
  run.sample = sample;
  if (recipe->profiler == HEARTH_PROFILER_PY_SPY ||
      recipe->profiler == HEARTH_PROFILER_PROFILING_SAMPLING)
    run.other = recipe->profiler;
  run.cpu = sample && recipe->cpu;
  run.threads = sample && recipe->threads;
  run.command = (const char * const *) command;
  argv = hearth_profile_command_argv (&run, sampler, self->out);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->output), "", 0);
  g_byte_array_set_size (self->pending, 0);
  if (!start_child (self, argv, folder))
    {
      g_unlink (self->out);
      return;
    }

  self->waited = self->eof = self->cancelled = FALSE;
  remember (self, recipe);
  hearth_profile_recipe_free (self->recipe);
  self->recipe = g_steal_pointer (&recipe);
  self->started = g_get_monotonic_time ();
  set_running (self, TRUE);
  tick (self);
  self->tick = g_timeout_add (100, tick, self);
  g_subprocess_wait_async (self->child, NULL, wait_done, g_object_ref (self));
  read_more (self);
}

/* The header's Cancel while the script runs, Close after. */
static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  HearthProfileDialog *self = HEARTH_PROFILE_DIALOG (widget);

  if (self->child != NULL)
    cancel_run (self);
  else
    gtk_window_close (GTK_WINDOW (self));
}

/* Closing while the script runs stops it first: no process is left behind. */
static gboolean
hearth_profile_dialog_close_request (GtkWindow *window)
{
  HearthProfileDialog *self = HEARTH_PROFILE_DIALOG (window);

  if (self->child == NULL)
    return GTK_WINDOW_CLASS (hearth_profile_dialog_parent_class)->close_request (window);
  self->close_when_done = TRUE;
  cancel_run (self);
  return TRUE;
}

static GListModel *
script_filters (void)
{
  GListStore *filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  g_autoptr (GtkFileFilter) scripts = gtk_file_filter_new ();
  g_autoptr (GtkFileFilter) all = gtk_file_filter_new ();

  gtk_file_filter_set_name (scripts, _("Python Scripts"));
  gtk_file_filter_add_suffix (scripts, "py");
  gtk_file_filter_add_suffix (scripts, "pyw");
  gtk_file_filter_set_name (all, _("All Files"));
  gtk_file_filter_add_pattern (all, "*");
  g_list_store_append (filters, scripts);
  g_list_store_append (filters, all);
  return G_LIST_MODEL (filters);
}

static void
script_chosen (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr (HearthProfileDialog) self = user_data;
  g_autoptr (GFile) file = hearth_open_file_finish (result, NULL);
  g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;

  if (path != NULL)
    hearth_profile_dialog_set_target (self, path, FALSE);
}

static void
choose_clicked (HearthProfileDialog *self)
{
  g_autoptr (GListModel) filters = script_filters ();

  hearth_open_file_filtered_async (GTK_WINDOW (self), _("Choose a Script"), _("_Choose"), NULL,
                                   filters, NULL, script_chosen, g_object_ref (self));
}

static void
module_toggled (HearthProfileDialog *self)
{
  gboolean module = gtk_check_button_get_active (self->module_check);

  gtk_widget_set_sensitive (self->choose_button, !module);
  gtk_entry_set_placeholder_text (self->target, module ? _("package.module")
                                                       : _("/path/to/script.py"));
}

static GtkWidget *
add_row (GtkGrid    *grid,
         int         row,
         const char *label,
         GtkWidget  *field)
{
  GtkWidget *name = gtk_label_new_with_mnemonic (label);

  gtk_label_set_xalign (GTK_LABEL (name), 1.0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (name), field);
  gtk_widget_add_css_class (name, "dim-label");
  gtk_grid_attach (grid, name, 0, row, 1, 1);
  gtk_widget_set_hexpand (field, TRUE);
  gtk_grid_attach (grid, field, 1, row, 1, 1);
  return field;
}

static GtkCheckButton *
add_choice (GtkBox         *box,
            const char     *label,
            GtkCheckButton *group)
{
  GtkWidget *check = gtk_check_button_new_with_mnemonic (label);

  if (group != NULL)
    gtk_check_button_set_group (GTK_CHECK_BUTTON (check), group);
  gtk_box_append (box, check);
  return GTK_CHECK_BUTTON (check);
}

static GtkEntry *
new_entry (const char *placeholder)
{
  GtkWidget *entry = gtk_entry_new ();

  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), placeholder);
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  return GTK_ENTRY (entry);
}

static void
build_target_rows (HearthProfileDialog *self)
{
  GtkWidget *kind = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkCheckButton *script_check = add_choice (GTK_BOX (kind), _("A _script"), NULL);

  self->module_check = add_choice (GTK_BOX (kind), _("A _module (-m)"), script_check);
  gtk_check_button_set_active (script_check, TRUE);
  g_signal_connect_swapped (self->module_check, "toggled", G_CALLBACK (module_toggled), self);

  self->target = new_entry (_("/path/to/script.py"));
  gtk_widget_set_hexpand (GTK_WIDGET (self->target), TRUE);
  gtk_box_append (GTK_BOX (line), GTK_WIDGET (self->target));
  self->choose_button = gtk_button_new_with_mnemonic (_("Ch_oose…"));
  g_signal_connect_swapped (self->choose_button, "clicked", G_CALLBACK (choose_clicked), self);
  gtk_box_append (GTK_BOX (line), self->choose_button);
  add_row (GTK_GRID (self->form), 0, _("Run"), kind);
  add_row (GTK_GRID (self->form), 1, _("_Program"), line);
  gtk_label_set_mnemonic_widget (GTK_LABEL (gtk_grid_get_child_at (GTK_GRID (self->form), 0, 1)),
                                 GTK_WIDGET (self->target));
}

/* --cpu and --threads are the sampler's: cProfile times the main thread by the wall clock. */
static void
profiler_toggled (HearthProfileDialog *self)
{
  gboolean sample = !gtk_check_button_get_active (self->profilers[HEARTH_PROFILER_CPROFILE]);
  const char *why = sample ? NULL : _("Only the sampling profilers have this option: cProfile "
                                      "counts wall-clock time in the main thread.");

  gtk_widget_set_sensitive (GTK_WIDGET (self->cpu_check), sample);
  gtk_widget_set_sensitive (GTK_WIDGET (self->threads_check), sample);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->cpu_check), why);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->threads_check), why);
}

static void
build_sampler_options (HearthProfileDialog *self)
{
  GtkWidget *options = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);

  self->cpu_check =
    GTK_CHECK_BUTTON (gtk_check_button_new_with_mnemonic (_("CP_U time (--cpu)")));
  self->threads_check =
    GTK_CHECK_BUTTON (gtk_check_button_new_with_mnemonic (_("All _threads (--threads)")));
  gtk_box_append (GTK_BOX (options), GTK_WIDGET (self->cpu_check));
  gtk_box_append (GTK_BOX (options), GTK_WIDGET (self->threads_check));
  add_row (GTK_GRID (self->form), 6, _("Sampler"), options);
  g_signal_connect_swapped (self->profilers[HEARTH_PROFILER_CPROFILE], "toggled",
                            G_CALLBACK (profiler_toggled), self);
  profiler_toggled (self);
}

/* A profiler that is not there stays in the list, greyed out, saying why. */
static void
offer (HearthProfileDialog *self,
       HearthProfiler       profiler,
       gboolean             found,
       const char          *why)
{
  GtkWidget *check = GTK_WIDGET (self->profilers[profiler]);

  gtk_widget_set_sensitive (check, found);
  gtk_widget_set_tooltip_text (check, found ? NULL : why);
  if (!found && gtk_check_button_get_active (self->profilers[profiler]))
    gtk_check_button_set_active (self->profilers[HEARTH_PROFILER_SAMPLER], TRUE);
}

static void
find_py_spy (HearthProfileDialog *self)
{
  g_autofree char *py_spy = hearth_profile_command_find_py_spy ();

  offer (self, HEARTH_PROFILER_PY_SPY, py_spy != NULL, _("py-spy is not on PATH."));
}

static void
probe_done (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr (GError) error = NULL;
  gboolean found = g_subprocess_wait_check_finish (G_SUBPROCESS (source), result, &error);
  HearthProfileDialog *self;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self = user_data;
  g_clear_object (&self->probe);
  offer (self, HEARTH_PROFILER_PROFILING_SAMPLING, found,
         _("This interpreter has no profiling.sampling: it comes with Python 3.15."));
}

/* Asks the interpreter typed whether it has profiling.sampling, without waiting on it. */
static gboolean
probe_python (gpointer user_data)
{
  HearthProfileDialog *self = user_data;
  g_autofree char *python = entry_text (self->python);
  g_auto (GStrv) argv = hearth_profile_command_probe_argv (python[0] != '\0' ? python
                                                                              : "python3");

  self->probe_later = 0;
  g_cancellable_cancel (self->probing);
  g_clear_object (&self->probing);
  g_clear_object (&self->probe);
  self->probing = g_cancellable_new ();
  self->probe = g_subprocess_newv ((const char * const *) argv,
                                   G_SUBPROCESS_FLAGS_STDOUT_SILENCE |
                                   G_SUBPROCESS_FLAGS_STDERR_SILENCE, NULL);
  if (self->probe == NULL)
    offer (self, HEARTH_PROFILER_PROFILING_SAMPLING, FALSE, _("The interpreter cannot be run."));
  else
    g_subprocess_wait_check_async (self->probe, self->probing, probe_done, self);
  return G_SOURCE_REMOVE;
}

static void
python_changed (HearthProfileDialog *self)
{
  g_clear_handle_id (&self->probe_later, g_source_remove);
  self->probe_later = g_timeout_add (300, probe_python, self);
}

static void
build_form (HearthProfileDialog *self)
{
  GtkWidget *profilers = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  self->form = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (self->form), 8);
  gtk_grid_set_column_spacing (GTK_GRID (self->form), 12);
  build_target_rows (self);
  self->arguments = new_entry (_("Arguments, as in a shell"));
  add_row (GTK_GRID (self->form), 2, _("_Arguments"), GTK_WIDGET (self->arguments));
  self->folder = new_entry (_("The script's folder"));
  add_row (GTK_GRID (self->form), 3, _("_Working folder"), GTK_WIDGET (self->folder));
  self->python = new_entry ("python3");
  gtk_editable_set_text (GTK_EDITABLE (self->python), "python3");
  add_row (GTK_GRID (self->form), 4, _("_Interpreter"), GTK_WIDGET (self->python));

  self->profilers[HEARTH_PROFILER_CPROFILE] =
    add_choice (GTK_BOX (profilers), _("_cProfile: exact call counts, estimated chains"), NULL);
  self->profilers[HEARTH_PROFILER_SAMPLER] =
    add_choice (GTK_BOX (profilers), _("_Hearth's sampler: exact chains, sampled times"),
                self->profilers[HEARTH_PROFILER_CPROFILE]);
  /* offered where they are installed */
  self->profilers[HEARTH_PROFILER_PY_SPY] =
    add_choice (GTK_BOX (profilers), _("p_y-spy: exact chains, from outside the process"),
                self->profilers[HEARTH_PROFILER_CPROFILE]);
  self->profilers[HEARTH_PROFILER_PROFILING_SAMPLING] =
    add_choice (GTK_BOX (profilers), _("Python's profilin_g.sampling (3.15): exact chains"),
                self->profilers[HEARTH_PROFILER_CPROFILE]);
  gtk_check_button_set_active (self->profilers[HEARTH_PROFILER_CPROFILE], TRUE);
  add_row (GTK_GRID (self->form), 5, _("Profiler"), profilers);
  find_py_spy (self);
  /* greyed out until the interpreter says it has it */
  gtk_widget_set_sensitive (GTK_WIDGET (self->profilers[HEARTH_PROFILER_PROFILING_SAMPLING]),
                            FALSE);
  g_signal_connect_swapped (self->python, "changed", G_CALLBACK (python_changed), self);
  python_changed (self);
  build_sampler_options (self);
}

static GtkWidget *
build_output (HearthProfileDialog *self)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();

  self->output = GTK_TEXT_VIEW (gtk_text_view_new ());
  gtk_text_view_set_editable (self->output, FALSE);
  gtk_text_view_set_monospace (self->output, TRUE);
  gtk_text_view_set_wrap_mode (self->output, GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_left_margin (self->output, 6);
  gtk_text_view_set_top_margin (self->output, 6);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_widget_set_size_request (scrolled, -1, 160);
  gtk_widget_add_css_class (scrolled, "frame");
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->output));
  return scrolled;
}

static void
build_header (HearthProfileDialog *self)
{
  GtkWidget *header = gtk_header_bar_new ();

  self->close_button = GTK_BUTTON (gtk_button_new_with_mnemonic (_("_Close")));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->close_button), "profile.cancel");
  self->run_button = gtk_button_new_with_mnemonic (_("_Run"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->run_button), "profile.run");
  gtk_widget_add_css_class (self->run_button, "suggested-action");
  gtk_header_bar_set_show_title_buttons (GTK_HEADER_BAR (header), FALSE);
  gtk_header_bar_pack_start (GTK_HEADER_BAR (header), GTK_WIDGET (self->close_button));
  gtk_header_bar_pack_end (GTK_HEADER_BAR (header), self->run_button);
  gtk_window_set_titlebar (GTK_WINDOW (self), header);
  gtk_window_set_default_widget (GTK_WINDOW (self), self->run_button);
}

static void
hearth_profile_dialog_init (HearthProfileDialog *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  g_autoptr (HearthProfileRecipe) last = NULL;

  self->pending = g_byte_array_new ();
  self->reading = g_cancellable_new ();
  gtk_window_set_title (GTK_WINDOW (self), _("Profile a Script"));
  gtk_window_set_default_size (GTK_WINDOW (self), 640, 560);
  build_header (self);
  build_form (self);
  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);
  gtk_box_append (GTK_BOX (box), self->form);
  self->status = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->status, 0.0);
  gtk_label_set_wrap (self->status, TRUE);
  gtk_label_set_selectable (self->status, TRUE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->status));
  gtk_box_append (GTK_BOX (box), build_output (self));
  gtk_window_set_child (GTK_WINDOW (self), box);

  /* opens on the script run last, as it was run */
  self->settings = _hearth_settings_new ();
  last = recall (self, NULL, FALSE);
  if (last != NULL)
    hearth_profile_dialog_set_recipe (self, last);
}

static void
hearth_profile_dialog_dispose (GObject *object)
{
  HearthProfileDialog *self = HEARTH_PROFILE_DIALOG (object);

  /* destroyed with its window while running: the child goes too, and is reaped */
  if (self->child != NULL)
    {
      g_subprocess_force_exit (self->child);
      g_subprocess_wait (self->child, NULL, NULL);
      g_clear_object (&self->child);
    }
  g_cancellable_cancel (self->reading);
  /* the probe is quick and harmless: waited for by GLib's worker, not here */
  g_cancellable_cancel (self->probing);
  g_clear_object (&self->probing);
  g_clear_object (&self->probe);
  g_clear_handle_id (&self->probe_later, g_source_remove);
  g_clear_handle_id (&self->tick, g_source_remove);
  g_clear_handle_id (&self->grace, g_source_remove);
  G_OBJECT_CLASS (hearth_profile_dialog_parent_class)->dispose (object);
}

static void
hearth_profile_dialog_finalize (GObject *object)
{
  HearthProfileDialog *self = HEARTH_PROFILE_DIALOG (object);

  g_clear_object (&self->reading);
  g_clear_object (&self->settings);
  g_free (self->out_folder);
  hearth_profile_recipe_free (self->recipe);
  g_byte_array_unref (self->pending);
  g_free (self->out);
  g_free (self->status_text);
  G_OBJECT_CLASS (hearth_profile_dialog_parent_class)->finalize (object);
}

static void
hearth_profile_dialog_class_init (HearthProfileDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = hearth_profile_dialog_dispose;
  object_class->finalize = hearth_profile_dialog_finalize;
  window_class->close_request = hearth_profile_dialog_close_request;

  /**
   * HearthProfileDialog::profiled:
   * @file: the profile written
   *
   * The script ran to its end with status 0 and its profile is ready to open.
   */
  signals[PROFILED] = g_signal_new ("profiled", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_FILE);

  gtk_widget_class_install_action (widget_class, "profile.run", NULL, run_action);
  gtk_widget_class_install_action (widget_class, "profile.cancel", NULL, cancel_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

/**
 * hearth_profile_dialog_new:
 * @parent: the window it is modal to
 *
 * Returns: (transfer none): the dialog, owned by GTK's list of toplevels until destroyed
 */
HearthProfileDialog *
hearth_profile_dialog_new (GtkWindow *parent)
{
  return g_object_new (HEARTH_TYPE_PROFILE_DIALOG, "transient-for", parent, "modal", TRUE,
                       "destroy-with-parent", TRUE, NULL);
}

/* A script path (its folder becomes the default working folder) or a module name. */
void
hearth_profile_dialog_set_target (HearthProfileDialog *self,
                                  const char          *script_or_module,
                                  gboolean             module)
{
  g_return_if_fail (HEARTH_IS_PROFILE_DIALOG (self));

  g_autoptr (HearthProfileRecipe) last = recall (self, script_or_module, module);

  if (last != NULL)
    {
      hearth_profile_dialog_set_recipe (self, last);
      return;
    }
  gtk_check_button_set_active (self->module_check, module);
  gtk_editable_set_text (GTK_EDITABLE (self->target), script_or_module);
}

/**
 * hearth_profile_dialog_set_recipe:
 * @self: a #HearthProfileDialog
 * @recipe: a run
 *
 * Fills the whole form with @recipe, as the script was last run.
 */
void
hearth_profile_dialog_set_recipe (HearthProfileDialog       *self,
                                  const HearthProfileRecipe *recipe)
{
  g_return_if_fail (HEARTH_IS_PROFILE_DIALOG (self));

  gtk_check_button_set_active (self->module_check, recipe->module);
  gtk_editable_set_text (GTK_EDITABLE (self->target), recipe->target);
  gtk_editable_set_text (GTK_EDITABLE (self->arguments), recipe->arguments);
  gtk_editable_set_text (GTK_EDITABLE (self->folder), recipe->folder);
  gtk_editable_set_text (GTK_EDITABLE (self->python),
                         recipe->python[0] != '\0' ? recipe->python : "python3");
  gtk_check_button_set_active (self->profilers[MIN (recipe->profiler,
                                                   G_N_ELEMENTS (self->profilers) - 1)], TRUE);
  gtk_check_button_set_active (self->cpu_check, recipe->cpu);
  gtk_check_button_set_active (self->threads_check, recipe->threads);
}

/**
 * hearth_profile_dialog_set_out_folder:
 * @self: a #HearthProfileDialog
 * @folder: (nullable): where the profile is written; %NULL for the working folder
 */
void
hearth_profile_dialog_set_out_folder (HearthProfileDialog *self,
                                      const char          *folder)
{
  g_return_if_fail (HEARTH_IS_PROFILE_DIALOG (self));

  g_free (self->out_folder);
  self->out_folder = g_strdup (folder);
}

/* The other fields at once; %NULL leaves a field as it is. */
void
hearth_profile_dialog_set_fields (HearthProfileDialog *self,
                                  const char          *arguments,
                                  const char          *folder,
                                  const char          *python,
                                  gboolean             sample)
{
  g_return_if_fail (HEARTH_IS_PROFILE_DIALOG (self));

  if (arguments != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->arguments), arguments);
  if (folder != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->folder), folder);
  if (python != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->python), python);
  gtk_check_button_set_active (self->profilers[sample ? HEARTH_PROFILER_SAMPLER
                                                      : HEARTH_PROFILER_CPROFILE], TRUE);
}

gboolean
hearth_profile_dialog_is_running (HearthProfileDialog *self)
{
  return self->child != NULL;
}

/* The process of the last run started (it may be gone), 0 before any. */
GPid
hearth_profile_dialog_get_pid (HearthProfileDialog *self)
{
  return self->pid;
}

const char *
hearth_profile_dialog_get_status (HearthProfileDialog *self)
{
  return self->status_text != NULL ? self->status_text : "";
}

char *
hearth_profile_dialog_get_output (HearthProfileDialog *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->output);
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}
