/* hearth-pane.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-pane"

#include "hearth-pane.h"

/**
 * HearthPane:
 *
 * A side pane: a vertical box that observes a #HearthSession and refills itself when the
 * tree or the selection changes. Panes never talk to the flame view or to each other; they
 * change the session, and everything that shows it follows.
 */

typedef struct
{
  HearthSession *session;
  GSignalGroup  *session_signals;
} HearthPanePrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (HearthPane, hearth_pane, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  SHOW_SANDWICH,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
tree_changed (HearthPane *self)
{
  if (HEARTH_PANE_GET_CLASS (self)->tree_changed != NULL)
    HEARTH_PANE_GET_CLASS (self)->tree_changed (self);
}

static void
selection_changed (HearthPane *self)
{
  if (HEARTH_PANE_GET_CLASS (self)->selection_changed != NULL)
    HEARTH_PANE_GET_CLASS (self)->selection_changed (self);
}

static void
zoom_changed (HearthPane *self)
{
  if (HEARTH_PANE_GET_CLASS (self)->zoom_changed != NULL)
    HEARTH_PANE_GET_CLASS (self)->zoom_changed (self);
}

static void
hearth_pane_dispose (GObject *object)
{
  HearthPane *self = HEARTH_PANE (object);
  HearthPanePrivate *priv = hearth_pane_get_instance_private (self);
  GtkWidget *child;

  if (priv->session_signals != NULL)
    g_signal_group_set_target (priv->session_signals, NULL);
  g_clear_object (&priv->session_signals);
  g_clear_object (&priv->session);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (hearth_pane_parent_class)->dispose (object);
}

static void
hearth_pane_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  HearthPane *self = HEARTH_PANE (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, hearth_pane_get_session (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearth_pane_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  HearthPane *self = HEARTH_PANE (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      hearth_pane_set_session (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearth_pane_class_init (HearthPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hearth_pane_dispose;
  object_class->get_property = hearth_pane_get_property;
  object_class->set_property = hearth_pane_set_property;

  /** HearthPane:session: the session the pane shows */
  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, HEARTH_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * HearthPane::show-sandwich:
   * @self: the pane
   * @function: the function
   *
   * The user asked, in this pane, for the sandwich of @function.
   */
  signals[SHOW_SANDWICH] = g_signal_new ("show-sandwich", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                                         G_TYPE_UINT);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
}

static void
hearth_pane_init (HearthPane *self)
{
  HearthPanePrivate *priv = hearth_pane_get_instance_private (self);

  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  priv->session_signals = g_signal_group_new (HEARTH_TYPE_SESSION);
  g_signal_group_connect_swapped (priv->session_signals, "notify::tree",
                                  G_CALLBACK (tree_changed), self);
  g_signal_group_connect_swapped (priv->session_signals, "notify::selected",
                                  G_CALLBACK (selection_changed), self);
  g_signal_group_connect_swapped (priv->session_signals, "notify::zoom",
                                  G_CALLBACK (zoom_changed), self);
}

/**
 * hearth_pane_get_session:
 * @self: a #HearthPane
 *
 * Returns: (transfer none) (nullable): the session shown
 */
HearthSession *
hearth_pane_get_session (HearthPane *self)
{
  HearthPanePrivate *priv;

  g_return_val_if_fail (HEARTH_IS_PANE (self), NULL);

  priv = hearth_pane_get_instance_private (self);
  return priv->session;
}

/**
 * hearth_pane_set_session:
 * @self: a #HearthPane
 * @session: (nullable): the session to show
 */
void
hearth_pane_set_session (HearthPane    *self,
                         HearthSession *session)
{
  HearthPanePrivate *priv;

  g_return_if_fail (HEARTH_IS_PANE (self));
  g_return_if_fail (session == NULL || HEARTH_IS_SESSION (session));

  priv = hearth_pane_get_instance_private (self);
  if (!g_set_object (&priv->session, session))
    return;
  g_signal_group_set_target (priv->session_signals, session);
  tree_changed (self);
  selection_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

/**
 * _hearth_pane_make_placeholder:
 * @title: a short line
 * @text: (nullable): what to do about it
 *
 * Returns: (transfer floating): a centred, dimmed message for an empty pane
 */
/* Emits ::show-sandwich: what a pane's Sandwich button does. */
void
_hearth_pane_show_sandwich (HearthPane *self,
                            guint       function)
{
  g_signal_emit (self, signals[SHOW_SANDWICH], 0, function);
}

GtkWidget *
_hearth_pane_make_placeholder (const char *title,
                               const char *text)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *label = gtk_label_new (title);

  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
  gtk_widget_set_vexpand (box, TRUE);
  gtk_widget_add_css_class (box, "placeholder");
  gtk_widget_add_css_class (label, "title-4");
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
  gtk_box_append (GTK_BOX (box), label);
  if (text != NULL)
    {
      label = gtk_label_new (text);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 36);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_box_append (GTK_BOX (box), label);
    }
  return box;
}

/**
 * _hearth_pane_pack_list:
 * @box: a vertical box
 * @view: a list or column view
 *
 * Appends @view to @box, scrolled vertically and filling it, and under it a footer line,
 * hidden until the pane has something to say about the list (such as how much it leaves out).
 *
 * Returns: (transfer none): the footer, a #GtkLabel
 */
GtkWidget *
_hearth_pane_pack_list (GtkBox    *box,
                        GtkWidget *view)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *footer = gtk_label_new (NULL);

  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), view);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_box_append (box, scrolled);

  gtk_widget_add_css_class (footer, "dim-label");
  gtk_widget_add_css_class (footer, "caption");
  gtk_widget_add_css_class (footer, "pane-footer");
  gtk_widget_set_visible (footer, FALSE);
  gtk_box_append (box, footer);
  return footer;
}

/* Hangul syllables and jamo: UAX #14 lets a line break between any two of them, but Korean
 * text breaks between words, at spaces. */
static gboolean
is_hangul (gunichar c)
{
  return (c >= 0xac00 && c <= 0xd7a3) || (c >= 0x1100 && c <= 0x11ff) ||
         (c >= 0x3130 && c <= 0x318f) || (c >= 0xa960 && c <= 0xa97f) ||
         (c >= 0xd7b0 && c <= 0xd7ff);
}

/* No break inside a word that holds Hangul: one attribute per such word. */
static void
keep_hangul_words (GtkLabel *label)
{
  const char *text = gtk_label_get_text (label);
  PangoAttrList *attrs = pango_attr_list_new ();
  const char *word = NULL;
  gboolean hangul = FALSE;

  for (const char *p = text;; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == 0 || g_unichar_isspace (c))
        {
          if (word != NULL && hangul)
            {
              PangoAttribute *attr = pango_attr_allow_breaks_new (FALSE);

              attr->start_index = word - text;
              attr->end_index = p - text;
              pango_attr_list_insert (attrs, attr);
            }
          word = NULL;
          hangul = FALSE;
          if (c == 0)
            break;
          continue;
        }
      if (word == NULL)
        word = p;
      hangul |= is_hangul (c);
    }
  gtk_label_set_attributes (label, attrs);
  pango_attr_list_unref (attrs);
}

/**
 * _hearth_label_wrap_words:
 * @label: a label that wraps
 *
 * Makes a wrapping label break Korean text between words, as Korean is set, instead of
 * between any two syllables; also after its text changes. A word too long for a line still
 * breaks anywhere (%PANGO_WRAP_WORD_CHAR) unless it is Korean.
 */
void
_hearth_label_wrap_words (GtkLabel *label)
{
  g_return_if_fail (GTK_IS_LABEL (label));

  gtk_label_set_wrap (label, TRUE);
  gtk_label_set_wrap_mode (label, PANGO_WRAP_WORD_CHAR);
  keep_hangul_words (label);
  g_signal_connect (label, "notify::label", G_CALLBACK (keep_hangul_words), NULL);
}
