/* hearth-categories.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Where a function lives: Python itself, an installed package, or the user's own code; and
 * the profiled script, whose folder is the user's.
 *
 * Categories. The first rule that applies wins:
 *  1. No file name: PYTHON (the `profile` module's built-ins), except in a profile where no
 *     function has a file name at all (plain folded stacks, perf): there nothing is known and
 *     every function is MINE.
 *  2. `~` (cProfile's built-ins), the `profile` module's pseudo file `profile` at line 0, and
 *     pseudo files in angle brackets (`<frozen importlib._bootstrap>`, `<string>`, `<stdin>`):
 *     PYTHON; except `<ipython-input-...>`, code typed into IPython: MINE.
 *  3. The profiled script's own file: MINE.
 *  4. A real path (POSIX or Windows: `/` and `\` both separate folders, drive letters and
 *     Windows folder names compare without case). When it lies under a "mine" folder the
 *     user gave (a relative one is under the current folder) or under the profiled script's
 *     folder, only the folders below the longest such prefix are looked at, so a virtualenv
 *     inside a project is still INSTALLED:
 *     a. a folder `site-packages` or `dist-packages`: INSTALLED;
 *     b. the standard library: a folder `pythonX.Y` (or `pypyX.Y`) right under `lib` or
 *        `lib64`, a folder `Lib` right under a `Python*` folder (Windows), `lib-python` or
 *        `lib_pypy` (PyPy): PYTHON;
 *     c. a folder `.venv` or `venv`, or one ending in `.egg`: INSTALLED;
 *     d. a relative path outside those prefixes whose first part is a standard library
 *        module (`threading.py`, `json/decoder.py`: py-spy shortens paths like that):
 *        PYTHON;
 *     e. anything else: MINE (code that is neither Python's nor installed is the user's,
 *        wherever it lies: sibling packages, editable installs).
 *
 * The profiled script is the `<module>` with the largest cumulative time that is not import
 * machinery (`<frozen ...>`), a built-in, or an installed package (see
 * hearth_names_find_main_module()); for stack profiles it is the outermost `<module>` frame
 * with a file, weighted by samples. Its folder is the script folder.
 */

#define G_LOG_DOMAIN "hearth-categories"

#include "hearth-categories.h"
#include "hearth-path-private.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------------------------ */
/* Paths and categories */

typedef struct
{
  const char *text;
  gsize       len;
} HearthSpan;

typedef struct
{
  GArray   *parts;     /* HearthSpan; "" and "." dropped */
  gboolean  absolute;
  gboolean  windows;
} HearthPath;

typedef struct
{
  GArray   *prefixes;  /* HearthPath; the mine folders, then the script folder */
  char    **owned;     /* strings the prefixes point into */
} HearthPathRules;

/* Modules of the standard library that live in .py files (Python 2.7 to 3.14), sorted for
 * bsearch. `code` and `test` are left out: users give those names to their own files. */
static const char * const hearth_stdlib_modules[] = {
  "ConfigParser", "HTMLParser", "Queue", "SocketServer", "StringIO", "UserDict", "UserList",
  "UserString", "__future__", "_aix_support", "_android_support", "_apple_support",
  "_bootsubprocess", "_collections_abc", "_colorize", "_compat_pickle", "_compression",
  "_ios_support", "_markupbase", "_opcode_metadata", "_osx_support", "_py_abc",
  "_py_warnings", "_pydatetime", "_pydecimal", "_pyio", "_pylong", "_pyrepl",
  "_sitebuiltins", "_strptime", "_threading_local", "_weakrefset", "abc", "aifc",
  "annotationlib", "argparse", "ast", "asynchat", "asyncio", "asyncore", "base64", "bdb",
  "bisect", "bz2", "cProfile", "calendar", "cgi", "cgitb", "chunk", "cmd", "codecs", "codeop",
  "collections", "colorsys", "commands", "compileall", "compression", "concurrent",
  "configparser", "contextlib", "contextvars", "copy", "copy_reg", "copyreg", "crypt", "csv",
  "ctypes", "curses", "dataclasses", "datetime", "dbm", "decimal", "difflib", "dis",
  "distutils", "doctest", "email", "encodings", "ensurepip", "enum", "filecmp", "fileinput",
  "fnmatch", "fractions", "ftplib", "functools", "genericpath", "getopt", "getpass",
  "gettext", "glob", "graphlib", "gzip", "hashlib", "heapq", "hmac", "html", "http",
  "httplib", "idlelib", "imaplib", "imghdr", "imp", "importlib", "inspect", "io",
  "ipaddress", "json", "keyword", "lib2to3", "linecache", "locale", "logging", "lzma",
  "mailbox", "mailcap", "mimetypes", "modulefinder", "multiprocessing", "netrc", "nntplib",
  "ntpath", "nturl2path", "numbers", "opcode", "operator", "optparse", "os", "pathlib",
  "pdb", "pickle", "pickletools", "pipes", "pkgutil", "platform", "plistlib", "poplib",
  "posixpath", "pprint", "profile", "pstats", "pty", "py_compile", "pyclbr", "pydoc",
  "pydoc_data", "queue", "quopri", "random", "re", "reprlib", "rlcompleter", "runpy",
  "sched", "secrets", "selectors", "sets", "shelve", "shlex", "shutil", "signal", "site",
  "smtpd", "smtplib", "sndhdr", "socket", "socketserver", "sqlite3", "sre_compile",
  "sre_constants", "sre_parse", "ssl", "stat", "statistics", "string", "stringprep",
  "struct", "subprocess", "sunau", "symtable", "sysconfig", "tabnanny", "tarfile",
  "telnetlib", "tempfile", "textwrap", "this", "threading", "timeit", "tkinter", "token",
  "tokenize", "tomllib", "trace", "traceback", "tracemalloc", "tty", "turtle", "turtledemo",
  "types", "typing", "unittest", "urllib", "urllib2", "urlparse", "uu", "uuid", "venv",
  "warnings", "wave", "weakref", "webbrowser", "wsgiref", "xdrlib", "xml", "xmlrpc",
  "zipapp", "zipfile", "zipimport", "zoneinfo",
};

static int
hearth_compare_cstr (const void *a,
                     const void *b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static gboolean
hearth_is_stdlib_module (const char *text,
                         gsize       len)
{
  char buf[64];
  const char *key = buf;

  if (len >= sizeof buf)
    return FALSE;
  memcpy (buf, text, len);
  buf[len] = '\0';
  return bsearch (&key, hearth_stdlib_modules, G_N_ELEMENTS (hearth_stdlib_modules),
                  sizeof (char *), hearth_compare_cstr) != NULL;
}

static gboolean
hearth_span_equal (const HearthSpan *a,
                   const HearthSpan *b,
                   gboolean          fold)
{
  if (a->len != b->len)
    return FALSE;
  if (fold)
    return g_ascii_strncasecmp (a->text, b->text, a->len) == 0;
  return memcmp (a->text, b->text, a->len) == 0;
}

static gboolean
hearth_span_is (const HearthSpan *s,
                const char       *word)
{
  return s->len == strlen (word) && g_ascii_strncasecmp (s->text, word, s->len) == 0;
}

static gboolean
hearth_span_has_prefix (const HearthSpan *s,
                        const char       *prefix)
{
  gsize p = strlen (prefix);

  return s->len >= p && g_ascii_strncasecmp (s->text, prefix, p) == 0;
}

static gboolean
hearth_is_drive (const char *path)
{
  return g_ascii_isalpha (path[0]) && path[1] == ':';
}

static void
hearth_path_split (const char *path,
                   HearthPath *out)
{
  const char *p = path;

  out->parts = g_array_new (FALSE, FALSE, sizeof (HearthSpan));
  out->windows = strchr (path, '\\') != NULL || hearth_is_drive (path);
  out->absolute = path[0] == '/' || path[0] == '\\' || hearth_is_drive (path);
  while (*p != '\0')
    {
      HearthSpan s;

      s.text = p;
      while (*p != '\0' && *p != '/' && *p != '\\')
        p++;
      s.len = p - s.text;
      if (s.len > 0 && !(s.len == 1 && s.text[0] == '.'))
        g_array_append_val (out->parts, s);
      if (*p != '\0')
        p++;
    }
}

static void
hearth_path_clear (HearthPath *path)
{
  g_clear_pointer (&path->parts, g_array_unref);
}

static void
hearth_path_rules_init (HearthPathRules    *rules,
                        const char         *script_dir,
                        const char * const *mine_paths)
{
  GPtrArray *owned = g_ptr_array_new ();

  rules->prefixes = g_array_new (FALSE, FALSE, sizeof (HearthPath));
  for (guint i = 0; mine_paths != NULL && mine_paths[i] != NULL; i++)
    {
      const char *m = mine_paths[i];

      /* a relative folder from the command line means one under the current folder */
      if (m[0] != '\0' && !g_path_is_absolute (m) && strchr (m, '\\') == NULL &&
          !hearth_is_drive (m))
        g_ptr_array_add (owned, g_canonicalize_filename (m, NULL));
      else if (m[0] != '\0')
        g_ptr_array_add (owned, g_strdup (m));
    }
  if (script_dir != NULL)
    g_ptr_array_add (owned, g_strdup (script_dir));
  g_ptr_array_add (owned, NULL);
  rules->owned = (char **) g_ptr_array_free (owned, FALSE);
  for (guint i = 0; rules->owned[i] != NULL; i++)
    {
      HearthPath p;

      hearth_path_split (rules->owned[i], &p);
      g_array_append_val (rules->prefixes, p);
    }
}

static void
hearth_path_rules_clear (HearthPathRules *rules)
{
  for (guint i = 0; rules->prefixes != NULL && i < rules->prefixes->len; i++)
    hearth_path_clear (&g_array_index (rules->prefixes, HearthPath, i));
  g_clear_pointer (&rules->prefixes, g_array_unref);
  g_clear_pointer (&rules->owned, g_strfreev);
}

/* How many parts of @path the longest matching prefix covers; -1 when none matches. */
static gint
hearth_path_rules_match (const HearthPathRules *rules,
                         const HearthPath      *path)
{
  gint best = -1;

  for (guint i = 0; i < rules->prefixes->len; i++)
    {
      const HearthPath *q = &g_array_index (rules->prefixes, HearthPath, i);
      gboolean fold = q->windows || path->windows;
      guint k;

      if (q->absolute != path->absolute || q->parts->len > path->parts->len)
        continue;
      for (k = 0; k < q->parts->len; k++)
        if (!hearth_span_equal (&g_array_index (q->parts, HearthSpan, k),
                                &g_array_index (path->parts, HearthSpan, k), fold))
          break;
      if (k == q->parts->len && (gint) k > best)
        best = k;
    }
  return best;
}

/* `python3.11`, `python3`, `python3.13t`, `pypy3.9` */
static gboolean
hearth_is_python_folder (const HearthSpan *s)
{
  gsize i;

  if (hearth_span_has_prefix (s, "python"))
    i = 6;
  else if (hearth_span_has_prefix (s, "pypy"))
    i = 4;
  else
    return FALSE;
  if (i >= s->len || !g_ascii_isdigit (s->text[i]))
    return FALSE;
  while (i < s->len && (g_ascii_isdigit (s->text[i]) || s->text[i] == '.'))
    i++;
  while (i < s->len && g_ascii_isalpha (s->text[i]))
    i++;
  return i == s->len;
}

static HearthCategory
hearth_categorize_real_path (const HearthPathRules *rules,
                             const char            *file)
{
  HearthPath path;
  HearthCategory category = HEARTH_CATEGORY_MINE;
  gint match;
  guint from, n_dirs;
  HearthSpan *parts;

  hearth_path_split (file, &path);
  parts = (HearthSpan *) (void *) path.parts->data;
  match = hearth_path_rules_match (rules, &path);
  from = MAX (match, 0);
  n_dirs = path.parts->len > 0 ? path.parts->len - 1 : 0;

  for (guint i = from; i < n_dirs; i++)
    if (hearth_span_is (&parts[i], "site-packages") || hearth_span_is (&parts[i], "dist-packages"))
      {
        category = HEARTH_CATEGORY_INSTALLED;
        goto out;
      }
  for (guint i = from; i < n_dirs; i++)
    {
      gboolean under_lib = i > 0 && (hearth_span_is (&parts[i - 1], "lib") ||
                                     hearth_span_is (&parts[i - 1], "lib64"));

      if ((under_lib && hearth_is_python_folder (&parts[i])) ||
          hearth_span_is (&parts[i], "lib-python") || hearth_span_is (&parts[i], "lib_pypy") ||
          (path.windows && i > 0 && hearth_span_is (&parts[i], "lib") &&
           hearth_span_has_prefix (&parts[i - 1], "python")))
        {
          category = HEARTH_CATEGORY_PYTHON;
          goto out;
        }
    }
  for (guint i = from; i < n_dirs; i++)
    {
      const HearthSpan *s = &parts[i];

      if (hearth_span_is (s, ".venv") || hearth_span_is (s, "venv") ||
          (s->len > 4 && g_ascii_strncasecmp (s->text + s->len - 4, ".egg", 4) == 0))
        {
          category = HEARTH_CATEGORY_INSTALLED;
          goto out;
        }
    }
  if (!path.absolute && match <= 0 && path.parts->len > 0)
    {
      gsize len = parts[0].len;

      if (path.parts->len == 1 && len > 3 && memcmp (parts[0].text + len - 3, ".py", 3) == 0)
        len -= 3;
      if (hearth_is_stdlib_module (parts[0].text, len))
        category = HEARTH_CATEGORY_PYTHON;
    }

out:
  hearth_path_clear (&path);
  return category;
}

/* Rules 2 (pseudo files) of the comment at the top; returns FALSE for a real path. */
static gboolean
hearth_categorize_pseudo (const char     *file,
                          gint64          line,
                          HearthCategory *category)
{
  if (file[0] == '\0' || strcmp (file, "~") == 0 || (strcmp (file, "profile") == 0 && line == 0))
    {
      *category = HEARTH_CATEGORY_PYTHON;
      return TRUE;
    }
  if (file[0] == '<')
    {
      *category = g_str_has_prefix (file, "<ipython-input-") ? HEARTH_CATEGORY_MINE :
                                                               HEARTH_CATEGORY_PYTHON;
      return TRUE;
    }
  return FALSE;
}

/**
 * hearth_names_categorize_path:
 * @file: a file name as recorded in a profile
 * @line: its line number (the `profile` module's pseudo file has line 0)
 * @script_dir: (nullable): the profiled script's folder
 * @mine_paths: (nullable) (array zero-terminated=1): folders the user calls their own
 *
 * Applies the category rules at the top of hearth-categories.c to one file name (an empty @file
 * is PYTHON here; the exception for profiles without any file names needs the profile).
 *
 * Returns: the category
 */
HearthCategory
hearth_names_categorize_path (const char         *file,
                              gint64              line,
                              const char         *script_dir,
                              const char * const *mine_paths)
{
  HearthPathRules rules;
  HearthCategory category;

  g_return_val_if_fail (file != NULL, HEARTH_CATEGORY_PYTHON);

  if (hearth_categorize_pseudo (file, line, &category))
    return category;
  hearth_path_rules_init (&rules, script_dir, mine_paths);
  category = hearth_categorize_real_path (&rules, file);
  hearth_path_rules_clear (&rules);
  return category;
}

/**
 * hearth_category_to_string:
 * @category: a category
 *
 * Returns: "mine", "installed" or "python"
 */
const char *
hearth_category_to_string (HearthCategory category)
{
  switch (category)
    {
    case HEARTH_CATEGORY_MINE:
      return "mine";
    case HEARTH_CATEGORY_INSTALLED:
      return "installed";
    case HEARTH_CATEGORY_PYTHON:
      return "python";
    default:
      g_return_val_if_reached ("mine");
    }
}

/* ------------------------------------------------------------------------------------------ */
/* The profiled script */

static gboolean
hearth_is_under_packages (const char *file)
{
  HearthPath path;
  gboolean found = FALSE;

  hearth_path_split (file, &path);
  for (guint i = 0; i < path.parts->len && !found; i++)
    {
      const HearthSpan *s = &g_array_index (path.parts, HearthSpan, i);

      found = hearth_span_is (s, "site-packages") || hearth_span_is (s, "dist-packages");
    }
  hearth_path_clear (&path);
  return found;
}

/* TRUE when @a should be preferred to @b as the script: heavier, then by file and line. */
static gboolean
hearth_module_better (const HearthFunction *a,
                      double                a_weight,
                      const HearthFunction *b,
                      double                b_weight)
{
  int c;

  if (b == NULL || a_weight != b_weight)
    return b == NULL || a_weight > b_weight;
  c = strcmp (a->file, b->file);
  return c < 0 || (c == 0 && a->line < b->line);
}

/**
 * hearth_names_find_main_module:
 * @profile: a profile
 *
 * Finds the profiled script: the `<module>` function with the largest cumulative time
 * (clamped) whose file is not `<frozen ...>`, not a built-in (`~`) and not under a
 * site-packages or dist-packages folder. Ties go to the smaller file name, then the smaller
 * line.
 *
 * Returns: its function index, or -1 when there is none
 */
gint
hearth_names_find_main_module (HearthProfile *profile)
{
  guint n;
  gint best = -1;
  const HearthFunction *best_f = NULL;
  double best_cum = 0;

  g_return_val_if_fail (HEARTH_IS_PROFILE (profile), -1);

  n = hearth_profile_get_n_functions (profile);
  for (guint i = 0; i < n; i++)
    {
      const HearthFunction *f = hearth_profile_get_function (profile, i);
      double cum;

      if (strcmp (f->name, "<module>") != 0 || strcmp (f->file, "~") == 0 ||
          g_str_has_prefix (f->file, "<frozen") || hearth_is_under_packages (f->file))
        continue;
      cum = hearth_profile_clamp (f->cum);
      if (hearth_module_better (f, cum, best_f, best_cum))
        {
          best = i;
          best_f = f;
          best_cum = cum;
        }
    }
  return best;
}

/* Stack profiles: the outermost `<module>` frame with a file, weighted by its stacks. */
static gint
hearth_find_outer_module (HearthProfile *profile)
{
  guint n = hearth_profile_get_n_functions (profile);
  guint n_nodes;
  const HearthStackNode *nodes = hearth_profile_get_stack_nodes (profile, &n_nodes);
  g_autofree double *weights = NULL;
  g_autofree guint8 *seen = NULL;
  g_autofree guint8 *module = NULL;
  g_autofree guint *outer = NULL;
  const HearthFunction *best_f = NULL;
  double best_w = 0;
  gint best = -1;

  if (n == 0 || hearth_profile_get_n_stacks (profile) == 0)
    return -1;
  weights = g_new0 (double, n);
  seen = g_new0 (guint8, n);
  /* which functions are such frames, told once per function rather than once per node */
  module = g_new (guint8, n);
  for (guint i = 0; i < n; i++)
    {
      const HearthFunction *f = hearth_profile_get_function (profile, i);

      module[i] = strcmp (f->name, "<module>") == 0 && _hearth_path_is_real_file (f->file);
    }
  /* the outermost such frame of each stack node, G_MAXUINT when none: parents come first */
  outer = g_new (guint, n_nodes);
  outer[0] = G_MAXUINT;
  for (guint i = 1; i < n_nodes; i++)
    {
      outer[i] = outer[nodes[i].parent];
      if (outer[i] == G_MAXUINT && module[nodes[i].function])
        outer[i] = nodes[i].function;
      if (outer[i] != G_MAXUINT && nodes[i].n_stacks > 0)
        {
          weights[outer[i]] += hearth_profile_clamp (nodes[i].weight);
          seen[outer[i]] = TRUE;
        }
    }
  for (guint i = 0; i < n; i++)
    {
      const HearthFunction *f = hearth_profile_get_function (profile, i);

      if (seen[i] && hearth_module_better (f, weights[i], best_f, best_w))
        {
          best = i;
          best_f = f;
          best_w = weights[i];
        }
    }
  return best;
}

/* The folder part of a file name of either system: "." for a bare name. */
static char *
hearth_dirname (const char *file)
{
  const char *sep = _hearth_path_last_separator (file);

  if (sep == NULL)
    return g_strdup (".");
  if (sep == file || (sep == file + 2 && hearth_is_drive (file)))
    return g_strndup (file, sep - file + 1);
  return g_strndup (file, sep - file);
}

/**
 * hearth_categories_find_script:
 * @profile: a finished profile
 * @main_module: hearth_names_find_main_module() of @profile
 * @script_file: (out) (transfer none) (nullable): the script's file as recorded, or %NULL
 *
 * Finds the profiled script: @main_module, or for stack profiles the outermost `<module>`
 * frame with a file, weighted by its stacks; only one with a real file counts.
 *
 * Returns: (transfer full) (nullable): the script's folder ("." for a bare file name), or
 *   %NULL when the script is unknown
 */
char *
hearth_categories_find_script (HearthProfile  *profile,
                               gint            main_module,
                               const char    **script_file)
{
  const char *file;
  gint script;

  g_return_val_if_fail (HEARTH_IS_PROFILE (profile), NULL);
  g_return_val_if_fail (script_file != NULL, NULL);

  *script_file = NULL;
  script = hearth_profile_has_stacks (profile) ? hearth_find_outer_module (profile) : main_module;
  if (script < 0)
    return NULL;
  file = hearth_profile_get_function (profile, script)->file;
  if (!_hearth_path_is_real_file (file))
    return NULL;
  *script_file = file;
  return hearth_dirname (file);
}

/* ------------------------------------------------------------------------------------------ */
/* Every function of a profile */

/* Whether the relative @file exists under @dir. */
static gboolean
hearth_is_under (const char *dir,
                 const char *file)
{
  g_autofree char *path = g_build_filename (dir, file, NULL);

  return g_file_test (path, G_FILE_TEST_EXISTS);
}

/**
 * hearth_categories_compute:
 * @profile: a finished profile
 * @script_file: (nullable): the profiled script's file as recorded
 * @script_dir: (nullable): its folder
 * @mine_paths: (nullable) (array zero-terminated=1): folders the user calls their own
 * @categories: (out caller-allocates): one #HearthCategory per function of @profile
 *
 * Applies the category rules at the top of hearth-categories.c to every function, each file
 * name once.
 */
void
hearth_categories_compute (HearthProfile      *profile,
                           const char         *script_file,
                           const char         *script_dir,
                           const char * const *mine_paths,
                           guint8             *categories)
{
  g_autoptr (GHashTable) cache = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree char *profile_dir = NULL;
  HearthPathRules rules;
  gboolean any_file = FALSE;
  guint n;

  g_return_if_fail (HEARTH_IS_PROFILE (profile));

  n = hearth_profile_get_n_functions (profile);
  for (guint i = 0; i < n && !any_file; i++)
    any_file = hearth_profile_get_function (profile, i)->file[0] != '\0';

  /* py-spy writes the files of a stack relative to where they were found on sys.path
   * (`pytest/main.py`): one that is not under the profile's folder is not the user's */
  if (hearth_profile_has_stacks (profile) && hearth_profile_get_path (profile) != NULL)
    profile_dir = g_path_get_dirname (hearth_profile_get_path (profile));

  hearth_path_rules_init (&rules, script_dir, mine_paths);
  if (script_file != NULL)
    g_hash_table_insert (cache, (gpointer) script_file, GINT_TO_POINTER (HEARTH_CATEGORY_MINE + 1));
  for (guint i = 0; i < n; i++)
    {
      const HearthFunction *f = hearth_profile_get_function (profile, i);
      HearthCategory category;
      gpointer known;

      if (!any_file)
        category = HEARTH_CATEGORY_MINE;
      else if (hearth_categorize_pseudo (f->file, f->line, &category))
        ;
      else if ((known = g_hash_table_lookup (cache, f->file)) != NULL)
        category = GPOINTER_TO_INT (known) - 1;
      else
        {
          category = hearth_categorize_real_path (&rules, f->file);
          if (category == HEARTH_CATEGORY_MINE && profile_dir != NULL &&
              !g_path_is_absolute (f->file) && !hearth_is_under (profile_dir, f->file))
            category = HEARTH_CATEGORY_INSTALLED;
          g_hash_table_insert (cache, (gpointer) f->file, GINT_TO_POINTER (category + 1));
        }
      categories[i] = category;
    }
  hearth_path_rules_clear (&rules);
}
