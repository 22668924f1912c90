/* hearth-thread-picker.h: the header bar's choice of one thread, or all of them merged.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-pane.h"

G_BEGIN_DECLS

#define HEARTH_TYPE_THREAD_PICKER (hearth_thread_picker_get_type ())

G_DECLARE_FINAL_TYPE (HearthThreadPicker, hearth_thread_picker, HEARTH, THREAD_PICKER,
                      HearthPane)

GtkWidget     *hearth_thread_picker_new          (void);
GtkDropDown   *hearth_thread_picker_get_dropdown (HearthThreadPicker *self);
HearthProfile *hearth_thread_picker_get_whole    (HearthThreadPicker *self);
const char    *hearth_thread_picker_get_thread_name (HearthThreadPicker *self);
void           hearth_thread_picker_follow       (HearthThreadPicker *self,
                                                  HearthSession      *other);

G_END_DECLS
