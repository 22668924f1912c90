/* hearth-ui-resources.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-ui-resources"

#include "hearth-ui-resources.h"

#include "hearth-resources.h"

/**
 * _hearth_ui_register_resources:
 *
 * Registers the window templates, the style sheet and the shortcuts window, once. Called
 * before any template is used, with or without an application (the widget tests).
 */
void
_hearth_ui_register_resources (void)
{
  static gsize registered = 0;

  if (g_once_init_enter (&registered))
    {
      hearth_register_resource ();
      g_once_init_leave (&registered, 1);
    }
}

/**
 * _hearth_ui_load_style:
 * @display: a display
 *
 * Adds style.css from the resource to @display, once. (Plain GtkApplication does not load
 * it by itself; libadwaita's would.)
 */
void
_hearth_ui_load_style (GdkDisplay *display)
{
  g_autoptr (GtkCssProvider) provider = NULL;

  if (display == NULL || g_object_get_data (G_OBJECT (display), "hearth-style") != NULL)
    return;
  _hearth_ui_register_resources ();
  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (provider, HEARTH_RESOURCE_PATH "/style.css");
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  g_object_set_data_full (G_OBJECT (display), "hearth-style", g_steal_pointer (&provider),
                          g_object_unref);
  gtk_icon_theme_add_resource_path (gtk_icon_theme_get_for_display (display),
                                    HEARTH_RESOURCE_PATH "/icons");
}
