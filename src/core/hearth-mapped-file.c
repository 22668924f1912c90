/* hearth-mapped-file.c: a whole file mapped while nobody can write it
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-loader"

#include "hearth-mapped-file.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* Reading a large file costs as much as parsing it: every page of a fresh buffer is cleared,
 * then the file copied in. A mapping shares the pages the system caches the file in, but
 * reading a page the file no longer has (it was cut: a profiler writing a new run over it, a
 * live reload) kills the process with SIGBUS. So a file is mapped only under a read lease
 * (fcntl(2)): whoever then opens it to write, or truncates it, waits until the lease is given
 * back, after the parse; and the lease is refused when someone has the file open for writing
 * already (a profiler still writing: that file is read, as short data). Anything that does not
 * hold (another user's file, a file system without leases, the document portal of a Flatpak)
 * leaves the file to be read. */

struct _HearthMappedFile
{
  int     fd;       /* borrowed: the lease is on its open file */
  guint8 *data;
  gsize   len;
};

static void
give_back_lease (int fd)
{
#ifdef F_SETLEASE
  fcntl (fd, F_SETLEASE, F_UNLCK);
#endif
}

/**
 * _hearth_mapped_file_new:
 * @fd: a regular file, opened for reading only
 * @min_size: smaller files are not worth a mapping
 * @max_size: larger files are not mapped
 *
 * Maps the whole file under a read lease, if it can be had.
 *
 * Returns: (transfer full) (nullable): the mapped file, or %NULL: read it instead
 */
HearthMappedFile *
_hearth_mapped_file_new (int     fd,
                         guint64 min_size,
                         guint64 max_size)
{
#if defined(F_SETLEASE) && defined(F_SETSIG) && defined(MAP_POPULATE)
  HearthMappedFile *self;
  struct stat st;
  void *data;

  g_return_val_if_fail (fd >= 0, NULL);

  /* The lease's holder is told by a signal that someone waits: SIGIO by default, which would
   * end the process; SIGURG is ignored unless handled. The parse ends soon anyway. */
  if (fcntl (fd, F_SETSIG, SIGURG) != 0 || fcntl (fd, F_SETLEASE, F_RDLCK) != 0)
    return NULL;
  /* the size under the lease, which holds it */
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode) || st.st_size <= 0 ||
      (guint64) st.st_size < min_size || (guint64) st.st_size > max_size ||
      (guint64) st.st_size > G_MAXSIZE)
    {
      give_back_lease (fd);
      return NULL;
    }
  /* every page mapped at once: the file is read from start to end right away */
  data = mmap (NULL, (gsize) st.st_size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
  if (data == MAP_FAILED)
    {
      give_back_lease (fd);
      return NULL;
    }

  self = g_new (HearthMappedFile, 1);
  self->fd = fd;
  self->data = data;
  self->len = (gsize) st.st_size;
  return self;
#else
  return NULL;
#endif
}

/**
 * _hearth_mapped_file_get_data:
 * @self: a mapped file
 * @len: (out): its size
 *
 * Returns: (transfer none): its bytes, valid until @self is freed
 */
const guint8 *
_hearth_mapped_file_get_data (HearthMappedFile *self,
                              gsize            *len)
{
  g_return_val_if_fail (self != NULL && len != NULL, NULL);

  *len = self->len;
  return self->data;
}

/**
 * _hearth_mapped_file_free:
 * @self: (transfer full): a mapped file
 *
 * Unmaps the file and gives the lease back: a writer waiting for it goes on.
 */
void
_hearth_mapped_file_free (HearthMappedFile *self)
{
  if (self == NULL)
    return;
  munmap (self->data, self->len);
  give_back_lease (self->fd);
  g_free (self);
}
