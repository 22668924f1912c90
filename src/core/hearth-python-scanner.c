/* hearth-python-scanner.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The profiled program's Python source: found, read once, and scanned for its classes, defs,
 * lambdas and comprehensions, so that a function recorded by its bare name can be named as
 * Python names it.
 *
 * Qualified names. cProfile records co_name (`run`); where the source file can be read
 * (an absolute path as recorded; a relative one in the profile's folder, then in the current
 * folder; then the base name in the profile's folder; a regular file of at most 8 MiB, 256 MiB
 * in all, each file read once), the def at the recorded line (co_firstlineno: the def or class
 * line, or its first decorator's) is found by indentation and named like co_qualname
 * (`Event.run`, `outer.<locals>.inner`). A lambda or comprehension is named only when it is
 * the only one on its line and not inside another. When the def at that line has another name
 * (the file changed since), or nothing is found, the qualified name is the label. For stack
 * profiles the line is the one being executed, so the innermost def around it is taken.
 * Names that already hold a dot (CPython 3.15 samplers write co_qualname) are left alone, and
 * so are built-ins (`~`) and pseudo files (`<frozen os>`, `<string>`).
 */

#define G_LOG_DOMAIN "hearth-python-scanner"

#include "hearth-python-scanner.h"
#include "hearth-path-private.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

#define HEARTH_SOURCE_MAX_FILE   (8u << 20)
#define HEARTH_SOURCE_MAX_TOTAL  (256u << 20)
#define HEARTH_SOURCE_MAX_LEVELS 200
#define HEARTH_SOURCE_MAX_SCOPES 100
#define HEARTH_SOURCE_MAX_NAME   1024
#define HEARTH_SOURCE_MAX_QUAL   4096

/* ------------------------------------------------------------------------------------------ */
/* Reading Python source: scopes by indentation */

typedef enum
{
  HEARTH_SCOPE_DEF,
  HEARTH_SCOPE_CLASS,
} HearthScopeKind;

typedef struct
{
  guint        first_line;       /* the first decorator's line, or the def line */
  guint        def_line;
  guint        header_end_line;  /* where the ':' that ends the header is */
  guint        header_end_col;
  guint        end_line;         /* the last line of the body */
  gint         parent;
  guint        indent;
  guint8       kind;
  guint8       one_line;         /* the body follows the ':' on the same line */
  const char  *name;             /* NULL when too long */
  const char  *qualname;         /* NULL when it cannot be named (not UTF-8, too long) */
} HearthScope;

typedef enum
{
  HEARTH_CONSTRUCT_LAMBDA = 'l',
  HEARTH_CONSTRUCT_GENEXPR = '(',
  HEARTH_CONSTRUCT_LISTCOMP = '[',
  HEARTH_CONSTRUCT_SETCOMP = '{',
} HearthConstructKind;

/* A lambda or a comprehension: a code object named after its kind. */
typedef struct
{
  guint        line;
  guint        col;
  guint8       kind;
  guint8       nested;           /* inside another lambda or comprehension */
} HearthConstruct;

struct _HearthSourceIndex
{
  GArray       *scopes;          /* HearthScope, in file order */
  GArray       *constructs;      /* HearthConstruct, sorted by line and column */
  GStringChunk *strings;
};

static void
hearth_source_index_free (HearthSourceIndex *index)
{
  if (index == NULL)
    return;
  g_array_unref (index->scopes);
  g_array_unref (index->constructs);
  g_string_chunk_free (index->strings);
  g_free (index);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HearthSourceIndex, hearth_source_index_free)

typedef enum
{
  HEARTH_LEVEL_LINE,     /* the logical line itself (level 0) */
  HEARTH_LEVEL_BRACKET,
  HEARTH_LEVEL_FSTRING,  /* the literal text of an f-string */
  HEARTH_LEVEL_FEXPR,    /* a replacement field of an f-string */
  HEARTH_LEVEL_FSPEC,    /* its format spec */
} HearthLevelKind;

typedef struct
{
  guint8       kind;
  guint8       ch;               /* bracket: ( [ {; f-string: the quote */
  guint8       triple;
  guint8       raw;
  guint8       has_for;
  guint8       lambda_pending;   /* lambdas whose parameters are being read */
  guint8       lambda_open;      /* a lambda whose body has not ended yet */
  guint        line;
  guint        col;
  guint        first_construct;
} HearthLevel;

typedef enum
{
  HEARTH_FIRST_NONE,
  HEARTH_FIRST_OTHER,
  HEARTH_FIRST_DECORATOR,
  HEARTH_FIRST_DEF,
  HEARTH_FIRST_ASYNC,
  HEARTH_FIRST_GLOBAL,
  HEARTH_FIRST_TYPE,             /* `type`: perhaps a type alias statement (3.12) */
  HEARTH_FIRST_TYPE_ALIAS,
} HearthFirstToken;

typedef enum
{
  HEARTH_HEADER_NONE,
  HEARTH_HEADER_NAME,            /* after `def`/`class`: the name comes next */
  HEARTH_HEADER_OPEN,            /* waiting for the ':' */
  HEARTH_HEADER_DONE,
} HearthHeaderState;

typedef struct
{
  const guint8      *text;
  gsize              len;
  gsize              pos;
  guint              line;
  gsize              line_start;
  gboolean           bol;
  gboolean           continuation;
  gboolean           failed;

  HearthLevel        levels[HEARTH_SOURCE_MAX_LEVELS + 1];
  guint              depth;
  guint              open_lambdas;

  /* the logical line being read */
  gboolean           in_logical;
  guint              indent;
  guint              ll_first_line;
  guint              ll_first_construct;
  guint              n_tokens;
  HearthFirstToken   first;
  HearthHeaderState  header;
  gboolean           body_on_line;
  HearthScope        pending;

  guint              prev_ll_end;
  guint              decorator_line;
  GArray            *open;       /* guint: scopes whose body is being read */
  GHashTable        *globals;    /* "scope\037name" declared global in that scope */
  HearthSourceIndex *index;
} HearthScan;

static inline gboolean
hearth_is_newline (guint8 c)
{
  return c == '\n' || c == '\r';
}

static inline guint
hearth_scan_col (HearthScan *s)
{
  return (guint) (s->pos - s->line_start);
}

/* Consumes one line break (\n, \r\n or a lone \r, like Python's universal newlines). */
static void
hearth_scan_newline (HearthScan *s)
{
  if (s->text[s->pos] == '\r' && s->pos + 1 < s->len && s->text[s->pos + 1] == '\n')
    s->pos++;
  s->pos++;
  s->line++;
  s->line_start = s->pos;
}

static HearthLevel *
hearth_scan_top (HearthScan *s)
{
  return &s->levels[s->depth];
}

static void
hearth_scan_close_lambda (HearthScan  *s,
                          HearthLevel *level)
{
  if (level->lambda_open)
    {
      level->lambda_open = FALSE;
      s->open_lambdas--;
    }
}

static void
hearth_scan_add_construct (HearthScan *s,
                           guint       line,
                           guint       col,
                           guint8      kind)
{
  HearthConstruct c = { line, col, kind, s->open_lambdas > 0 };

  g_array_append_val (s->index->constructs, c);
}

static HearthLevel *
hearth_scan_push (HearthScan *s,
                  guint8      kind,
                  guint8      ch)
{
  HearthLevel *level;

  if (s->depth >= HEARTH_SOURCE_MAX_LEVELS)
    {
      s->failed = TRUE;
      return NULL;
    }
  level = &s->levels[++s->depth];
  memset (level, 0, sizeof *level);
  level->kind = kind;
  level->ch = ch;
  level->line = s->line;
  level->col = hearth_scan_col (s);
  level->first_construct = s->index->constructs->len;
  return level;
}

/* Leaves a level; a bracket that held a comprehension `for` becomes a construct, and every
 * construct inside it is nested. */
static void
hearth_scan_pop (HearthScan *s)
{
  HearthLevel level = s->levels[s->depth];

  g_assert (s->depth > 0);
  hearth_scan_close_lambda (s, &s->levels[s->depth]);
  s->depth--;
  if (level.kind == HEARTH_LEVEL_BRACKET && level.has_for)
    {
      GArray *cs = s->index->constructs;

      for (guint i = level.first_construct; i < cs->len; i++)
        g_array_index (cs, HearthConstruct, i).nested = TRUE;
      hearth_scan_add_construct (s, level.line, level.col, level.ch);
    }
}

static gint
hearth_scan_open_scope (HearthScan *s)
{
  return s->open->len > 0 ? (gint) g_array_index (s->open, guint, s->open->len - 1) : -1;
}

static const HearthScope *
hearth_scan_scope (HearthScan *s,
                   gint        i)
{
  return &g_array_index (s->index->scopes, HearthScope, i);
}

/* co_qualname: `Class.name`, `function.<locals>.name`, or the bare name at module level and
 * for names the enclosing scope declares global. */
static const char *
hearth_qualify (GStringChunk      *strings,
                const HearthScope *parent,
                const char        *name,
                gboolean           global)
{
  g_autoptr (GString) q = NULL;

  if (parent == NULL || global)
    return name;
  if (parent->qualname == NULL)
    return NULL;
  q = g_string_new (parent->qualname);
  g_string_append (q, parent->kind == HEARTH_SCOPE_CLASS ? "." : ".<locals>.");
  g_string_append (q, name);
  if (q->len > HEARTH_SOURCE_MAX_QUAL)
    return NULL;
  return g_string_chunk_insert (strings, q->str);
}

static void
hearth_scan_add_scope (HearthScan *s)
{
  HearthScope scope = s->pending;
  gint parent = hearth_scan_open_scope (s);
  const HearthScope *p = parent >= 0 ? hearth_scan_scope (s, parent) : NULL;
  gboolean global = FALSE;
  guint index = s->index->scopes->len;

  if (p != NULL && s->globals != NULL && scope.name != NULL)
    {
      g_autofree char *key = g_strdup_printf ("%d\037%s", parent, scope.name);

      global = g_hash_table_contains (s->globals, key);
    }
  scope.parent = parent;
  scope.one_line = s->body_on_line;
  scope.qualname = scope.name != NULL ? hearth_qualify (s->index->strings, p, scope.name, global) :
                                        NULL;
  if (scope.qualname != NULL && !g_utf8_validate (scope.qualname, -1, NULL))
    scope.qualname = NULL;
  if (scope.one_line)
    scope.end_line = s->line;
  g_array_append_val (s->index->scopes, scope);
  if (!scope.one_line)
    {
      if (s->open->len >= HEARTH_SOURCE_MAX_SCOPES)
        s->failed = TRUE;
      g_array_append_val (s->open, index);
    }
}

static void
hearth_scan_close_scopes (HearthScan *s,
                          guint       indent)
{
  while (s->open->len > 0)
    {
      guint top = g_array_index (s->open, guint, s->open->len - 1);
      HearthScope *scope = &g_array_index (s->index->scopes, HearthScope, top);

      if (scope->indent < indent)
        break;
      scope->end_line = s->prev_ll_end;
      g_array_set_size (s->open, s->open->len - 1);
    }
}

static void
hearth_scan_start_logical (HearthScan *s,
                           guint       indent)
{
  hearth_scan_close_scopes (s, indent);
  s->in_logical = TRUE;
  s->indent = indent;
  s->ll_first_line = s->line;
  s->ll_first_construct = s->index->constructs->len;
  s->n_tokens = 0;
  s->first = HEARTH_FIRST_NONE;
  s->header = HEARTH_HEADER_NONE;
  s->body_on_line = FALSE;
}

static void
hearth_scan_end_logical (HearthScan *s)
{
  if (!s->in_logical)
    return;
  if (s->header == HEARTH_HEADER_DONE)
    hearth_scan_add_scope (s);
  /* the value of a type alias is a scope of its own, named after the alias */
  if (s->first == HEARTH_FIRST_TYPE_ALIAS)
    for (guint i = s->ll_first_construct; i < s->index->constructs->len; i++)
      g_array_index (s->index->constructs, HearthConstruct, i).nested = TRUE;
  if (s->first != HEARTH_FIRST_DECORATOR)
    s->decorator_line = 0;
  hearth_scan_close_lambda (s, &s->levels[0]);
  s->levels[0].lambda_pending = 0;
  s->prev_ll_end = s->line;
  s->in_logical = FALSE;
}

/* Python normalises identifiers to NFKC (`ﬁle` is `file`). */
static const char *
hearth_scan_intern_name (HearthScan   *s,
                         const guint8 *text,
                         gsize         len)
{
  g_autofree char *normal = NULL;
  gboolean ascii = TRUE;

  if (len > HEARTH_SOURCE_MAX_NAME)
    return NULL;
  for (gsize i = 0; i < len; i++)
    if (text[i] >= 0x80)
      ascii = FALSE;
  if (!ascii && g_utf8_validate ((const char *) text, len, NULL))
    normal = g_utf8_normalize ((const char *) text, len, G_NORMALIZE_ALL_COMPOSE);
  if (normal != NULL)
    return g_string_chunk_insert (s->index->strings, normal);
  return g_string_chunk_insert_len (s->index->strings, (const char *) text, len);
}

static gboolean
hearth_word_is (const guint8 *text,
                gsize         len,
                const char   *word)
{
  return len == strlen (word) && memcmp (text, word, len) == 0;
}

static void
hearth_scan_global (HearthScan   *s,
                    const guint8 *text,
                    gsize         len)
{
  gint scope = hearth_scan_open_scope (s);

  if (scope < 0 || len > HEARTH_SOURCE_MAX_NAME)
    return;
  if (s->globals == NULL)
    s->globals = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_hash_table_add (s->globals, g_strdup_printf ("%d\037%.*s", scope, (int) len, text));
}

/* Called for every token; @word is set for names. Tracks the statement shapes that matter:
 * decorators, def/class headers, global declarations. */
static void
hearth_scan_token (HearthScan   *s,
                   const guint8 *word,
                   gsize         word_len,
                   guint8        op)
{
  guint index = s->n_tokens++;

  if (s->header == HEARTH_HEADER_DONE)
    s->body_on_line = TRUE;

  if (index == 0)
    {
      s->first = HEARTH_FIRST_OTHER;
      if (op == '@')
        {
          s->first = HEARTH_FIRST_DECORATOR;
          if (s->decorator_line == 0)
            s->decorator_line = s->ll_first_line;
        }
      else if (word != NULL && (hearth_word_is (word, word_len, "def") ||
                                hearth_word_is (word, word_len, "class")))
        {
          s->first = HEARTH_FIRST_DEF;
          s->header = HEARTH_HEADER_NAME;
          s->pending.kind = word_len == 3 ? HEARTH_SCOPE_DEF : HEARTH_SCOPE_CLASS;
        }
      else if (word != NULL && hearth_word_is (word, word_len, "async"))
        s->first = HEARTH_FIRST_ASYNC;
      else if (word != NULL && hearth_word_is (word, word_len, "global"))
        s->first = HEARTH_FIRST_GLOBAL;
      else if (word != NULL && hearth_word_is (word, word_len, "type"))
        s->first = HEARTH_FIRST_TYPE;
      return;
    }

  if (index == 1 && s->first == HEARTH_FIRST_TYPE)
    s->first = word != NULL ? HEARTH_FIRST_TYPE_ALIAS : HEARTH_FIRST_OTHER;

  if (index == 1 && s->first == HEARTH_FIRST_ASYNC && word != NULL &&
      hearth_word_is (word, word_len, "def"))
    {
      s->first = HEARTH_FIRST_DEF;
      s->header = HEARTH_HEADER_NAME;
      s->pending.kind = HEARTH_SCOPE_DEF;
    }
  else if (s->header == HEARTH_HEADER_NAME)
    {
      if (word == NULL)
        {
          s->header = HEARTH_HEADER_NONE;
          return;
        }
      s->header = HEARTH_HEADER_OPEN;
      s->pending.name = hearth_scan_intern_name (s, word, word_len);
      s->pending.def_line = s->ll_first_line;
      s->pending.first_line = s->decorator_line != 0 ? s->decorator_line : s->ll_first_line;
      s->pending.indent = s->indent;
      s->decorator_line = 0;
    }
  else if (s->header == HEARTH_HEADER_OPEN && op == ':' && s->depth == 0 &&
           s->levels[0].lambda_pending == 0)
    {
      s->header = HEARTH_HEADER_DONE;
      s->pending.header_end_line = s->line;
      s->pending.header_end_col = hearth_scan_col (s);
    }
  else if (s->first == HEARTH_FIRST_GLOBAL && word != NULL)
    hearth_scan_global (s, word, word_len);
}

static gboolean
hearth_is_string_prefix (const guint8 *text,
                         gsize         len,
                         gboolean     *is_f,
                         gboolean     *is_raw)
{
  static const char * const prefixes[] = {
    "r", "u", "b", "f", "t", "br", "rb", "fr", "rf", "tr", "rt", "ur", NULL,
  };
  char low[3];

  if (len == 0 || len > 2)
    return FALSE;
  for (gsize i = 0; i < len; i++)
    low[i] = g_ascii_tolower (text[i]);
  low[len] = '\0';
  for (guint i = 0; prefixes[i] != NULL; i++)
    if (strcmp (low, prefixes[i]) == 0)
      {
        *is_f = strchr (low, 'f') != NULL || strchr (low, 't') != NULL;
        *is_raw = strchr (low, 'r') != NULL;
        return TRUE;
      }
  return FALSE;
}

/* A plain string literal, from its opening quote to after its end (or to the end of the
 * line when a one-line string is not closed). */
static void
hearth_scan_plain_string (HearthScan *s)
{
  guint8 q = s->text[s->pos];
  gboolean triple = s->pos + 2 < s->len && s->text[s->pos + 1] == q && s->text[s->pos + 2] == q;

  s->pos += triple ? 3 : 1;
  while (s->pos < s->len)
    {
      guint8 c = s->text[s->pos];

      if (c == '\\')
        {
          s->pos++;
          if (s->pos < s->len && hearth_is_newline (s->text[s->pos]))
            hearth_scan_newline (s);
          else if (s->pos < s->len)
            s->pos++;
        }
      else if (c == q)
        {
          if (!triple)
            {
              s->pos++;
              return;
            }
          if (s->pos + 2 < s->len && s->text[s->pos + 1] == q && s->text[s->pos + 2] == q)
            {
              s->pos += 3;
              return;
            }
          s->pos++;
        }
      else if (hearth_is_newline (c))
        {
          if (!triple)
            return;
          hearth_scan_newline (s);
        }
      else
        s->pos++;
    }
}

static void
hearth_scan_fstring_open (HearthScan *s,
                          gboolean    raw)
{
  guint8 q = s->text[s->pos];
  gboolean triple = s->pos + 2 < s->len && s->text[s->pos + 1] == q && s->text[s->pos + 2] == q;
  HearthLevel *level = hearth_scan_push (s, HEARTH_LEVEL_FSTRING, q);

  if (level == NULL)
    return;
  level->triple = triple;
  level->raw = raw;
  s->pos += triple ? 3 : 1;
}

/* Drops the levels of an f-string that a line break left unclosed. */
static void
hearth_scan_unwind_fstring (HearthScan *s)
{
  while (s->depth > 0)
    {
      guint8 kind = hearth_scan_top (s)->kind;

      hearth_scan_pop (s);
      if (kind == HEARTH_LEVEL_FSTRING)
        return;
    }
}

/* The nearest enclosing f-string's level (for its quote and whether it is triple). */
static const HearthLevel *
hearth_scan_fstring_of (HearthScan *s)
{
  for (guint d = s->depth; d > 0; d--)
    if (s->levels[d].kind == HEARTH_LEVEL_FSTRING)
      return &s->levels[d];
  return NULL;
}

/* Literal text of an f-string or of a format spec, up to the next field or the end. */
static void
hearth_scan_fstring_text (HearthScan *s)
{
  HearthLevel *top = hearth_scan_top (s);
  gboolean spec = top->kind == HEARTH_LEVEL_FSPEC;
  const HearthLevel *fs = hearth_scan_fstring_of (s);
  guint8 q = fs->ch;
  gboolean triple = fs->triple, raw = fs->raw;

  while (s->pos < s->len)
    {
      guint8 c = s->text[s->pos];
      guint8 next = s->pos + 1 < s->len ? s->text[s->pos + 1] : 0;

      if (c == '\\' && !spec)
        {
          if (next == '{' || next == '}')
            s->pos++;
          else if (!raw && next == 'N' && s->pos + 2 < s->len && s->text[s->pos + 2] == '{')
            {
              s->pos += 3;
              while (s->pos < s->len && s->text[s->pos] != '}' && s->text[s->pos] != q &&
                     !hearth_is_newline (s->text[s->pos]))
                s->pos++;
              if (s->pos < s->len && s->text[s->pos] == '}')
                s->pos++;
            }
          else if (hearth_is_newline (next))
            {
              s->pos++;
              hearth_scan_newline (s);
            }
          else
            s->pos += next != 0 ? 2 : 1;
        }
      else if (c == q && !spec)
        {
          if (!triple)
            {
              s->pos++;
              hearth_scan_pop (s);
              return;
            }
          if (next == q && s->pos + 2 < s->len && s->text[s->pos + 2] == q)
            {
              s->pos += 3;
              hearth_scan_pop (s);
              return;
            }
          s->pos++;
        }
      else if (c == '{')
        {
          if (next == '{' && !spec)
            s->pos += 2;
          else
            {
              hearth_scan_push (s, HEARTH_LEVEL_FEXPR, '{');
              s->pos++;
              return;
            }
        }
      else if (c == '}')
        {
          if (spec)
            {
              /* the end of the replacement field the spec belongs to */
              s->pos++;
              hearth_scan_pop (s);
              if (s->depth > 0 && hearth_scan_top (s)->kind == HEARTH_LEVEL_FEXPR)
                hearth_scan_pop (s);
              return;
            }
          s->pos += next == '}' ? 2 : 1;
        }
      else if (hearth_is_newline (c))
        {
          if (!triple)
            {
              hearth_scan_unwind_fstring (s);
              return;
            }
          hearth_scan_newline (s);
        }
      else
        s->pos++;
    }
}

static void
hearth_scan_name (HearthScan *s)
{
  gsize start = s->pos;
  guint col = hearth_scan_col (s);
  const guint8 *word;
  gsize len;
  gboolean is_f, is_raw;
  HearthLevel *top;

  while (s->pos < s->len && hearth_python_is_ident_byte (s->text[s->pos]))
    s->pos++;
  word = s->text + start;
  len = s->pos - start;

  if (s->pos < s->len && (s->text[s->pos] == '"' || s->text[s->pos] == '\'') &&
      hearth_is_string_prefix (word, len, &is_f, &is_raw))
    {
      hearth_scan_token (s, NULL, 0, '"');
      if (is_f)
        hearth_scan_fstring_open (s, is_raw);
      else
        hearth_scan_plain_string (s);
      return;
    }

  hearth_scan_token (s, word, len, 0);
  top = hearth_scan_top (s);
  if (hearth_word_is (word, len, "lambda"))
    {
      /* its body starts at its ':'; what comes before (defaults) is not inside it */
      hearth_scan_add_construct (s, s->line, col, HEARTH_CONSTRUCT_LAMBDA);
      if (top->lambda_pending < G_MAXUINT8)
        top->lambda_pending++;
    }
  else if (hearth_word_is (word, len, "for"))
    {
      hearth_scan_close_lambda (s, top);
      if (top->kind == HEARTH_LEVEL_BRACKET)
        top->has_for = TRUE;
    }
}

static void
hearth_scan_number (HearthScan *s)
{
  while (s->pos < s->len)
    {
      guint8 c = s->text[s->pos];

      if (g_ascii_isalnum (c) || c == '_' || c == '.')
        s->pos++;
      else if ((c == '+' || c == '-') && (s->text[s->pos - 1] == 'e' || s->text[s->pos - 1] == 'E'))
        s->pos++;
      else
        break;
    }
  hearth_scan_token (s, NULL, 0, '0');
}

static void
hearth_scan_operator (HearthScan *s)
{
  guint8 c = s->text[s->pos];
  HearthLevel *top = hearth_scan_top (s);

  hearth_scan_token (s, NULL, 0, c);
  switch (c)
    {
    case '(':
    case '[':
    case '{':
      hearth_scan_push (s, HEARTH_LEVEL_BRACKET, c);
      break;
    case ')':
    case ']':
    case '}':
      if (top->kind == HEARTH_LEVEL_BRACKET || (c == '}' && top->kind == HEARTH_LEVEL_FEXPR))
        hearth_scan_pop (s);
      break;
    case ',':
      if (top->lambda_pending == 0)
        hearth_scan_close_lambda (s, top);
      break;
    case ':':
      if (top->lambda_pending > 0)
        {
          top->lambda_pending--;
          if (!top->lambda_open)
            {
              top->lambda_open = TRUE;
              s->open_lambdas++;
            }
        }
      else if (top->kind == HEARTH_LEVEL_FEXPR)
        {
          s->pos++;
          hearth_scan_push (s, HEARTH_LEVEL_FSPEC, ':');
          return;
        }
      break;
    default:
      break;
    }
  s->pos++;
}

/* One token (or a run of white space, a comment, a line break) of code. */
static void
hearth_scan_code (HearthScan *s)
{
  guint8 c = s->text[s->pos];

  if (c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\0')
    s->pos++;
  else if (c == '#')
    {
      while (s->pos < s->len && !hearth_is_newline (s->text[s->pos]))
        s->pos++;
    }
  else if (hearth_is_newline (c))
    {
      if (s->depth == 0)
        hearth_scan_end_logical (s);
      hearth_scan_newline (s);
      s->bol = TRUE;
    }
  else if (c == '\\')
    {
      s->pos++;
      if (s->pos < s->len && hearth_is_newline (s->text[s->pos]))
        {
          hearth_scan_newline (s);
          /* inside brackets the line goes on anyway */
          if (s->depth == 0)
            {
              s->continuation = TRUE;
              s->bol = TRUE;
            }
        }
    }
  else if (c == '"' || c == '\'')
    {
      hearth_scan_token (s, NULL, 0, '"');
      hearth_scan_plain_string (s);
    }
  else if (g_ascii_isdigit (c) ||
           (c == '.' && s->pos + 1 < s->len && g_ascii_isdigit (s->text[s->pos + 1])))
    hearth_scan_number (s);
  else if (hearth_python_is_ident_byte (c))
    hearth_scan_name (s);
  else
    hearth_scan_operator (s);
}

/* At the start of a physical line outside brackets: measures the indentation (a tab goes to
 * the next multiple of 8, a form feed resets, like Python's tokenizer) and starts a logical
 * line unless the line is blank or a comment. */
static void
hearth_scan_line_start (HearthScan *s)
{
  guint col = 0;
  gsize p = s->pos;

  s->bol = FALSE;
  if (s->continuation)
    {
      s->continuation = FALSE;
      return;
    }
  for (; p < s->len; p++)
    {
      guint8 c = s->text[p];

      if (c == ' ')
        col++;
      else if (c == '\t')
        col = (col / 8 + 1) * 8;
      else if (c == '\f')
        col = 0;
      else
        break;
    }
  s->pos = p;
  if (p >= s->len || hearth_is_newline (s->text[p]) || s->text[p] == '#')
    {
      while (s->pos < s->len && !hearth_is_newline (s->text[s->pos]))
        s->pos++;
      if (s->pos < s->len)
        hearth_scan_newline (s);
      s->bol = TRUE;
      return;
    }
  hearth_scan_start_logical (s, col);
}

static int
hearth_compare_constructs (gconstpointer a,
                           gconstpointer b)
{
  const HearthConstruct *x = a, *y = b;

  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  return x->col < y->col ? -1 : (x->col > y->col);
}

/* Reads @text (UTF-8 or bytes) and returns its scopes, or NULL when it cannot be read. */
static HearthSourceIndex *
hearth_source_index_parse (const guint8 *text,
                           gsize         len)
{
  g_autofree HearthScan *s = g_new0 (HearthScan, 1);
  g_autoptr (HearthSourceIndex) index = g_new0 (HearthSourceIndex, 1);

  index->scopes = g_array_new (FALSE, FALSE, sizeof (HearthScope));
  index->constructs = g_array_new (FALSE, FALSE, sizeof (HearthConstruct));
  index->strings = g_string_chunk_new (4096);

  s->text = text;
  s->len = len;
  s->line = 1;
  s->bol = TRUE;
  s->index = index;
  s->open = g_array_new (FALSE, FALSE, sizeof (guint));
  if (len >= 3 && memcmp (text, "\xef\xbb\xbf", 3) == 0)
    s->pos = s->line_start = 3;

  while (s->pos < s->len && !s->failed)
    {
      guint8 kind = hearth_scan_top (s)->kind;

      if (s->bol && s->depth == 0)
        hearth_scan_line_start (s);
      else if (kind == HEARTH_LEVEL_FSTRING || kind == HEARTH_LEVEL_FSPEC)
        hearth_scan_fstring_text (s);
      else
        {
          s->bol = FALSE;
          hearth_scan_code (s);
        }
    }
  hearth_scan_end_logical (s);
  hearth_scan_close_scopes (s, 0);

  g_array_unref (s->open);
  g_clear_pointer (&s->globals, g_hash_table_unref);
  if (s->failed)
    return NULL;
  g_array_sort (index->constructs, hearth_compare_constructs);
  return g_steal_pointer (&index);
}

/* The encoding a coding cookie on the first two lines names, if any (PEP 263). */
static char *
hearth_source_coding (const guint8 *text,
                      gsize         len)
{
  gsize p = 0;

  for (guint line = 0; line < 2 && p < len; line++)
    {
      gsize start = p, end;
      const char *hit;

      while (p < len && !hearth_is_newline (text[p]))
        p++;
      end = p;
      if (p < len)
        p += (text[p] == '\r' && p + 1 < len && text[p + 1] == '\n') ? 2 : 1;
      while (start < end && (text[start] == ' ' || text[start] == '\t' || text[start] == '\f'))
        start++;
      if (start == end)
        continue;
      if (text[start] != '#')
        return NULL;
      hit = memmem (text + start, end - start, "coding", 6);
      if (hit != NULL)
        {
          gsize a = (const guint8 *) hit - text + 6, b;

          if (a >= end || (text[a] != ':' && text[a] != '='))
            continue;
          a++;
          while (a < end && (text[a] == ' ' || text[a] == '\t'))
            a++;
          for (b = a; b < end; b++)
            if (!g_ascii_isalnum (text[b]) && text[b] != '-' && text[b] != '_' && text[b] != '.')
              break;
          if (b > a)
            return g_ascii_strdown ((const char *) text + a, b - a);
        }
    }
  return NULL;
}

/* Reads a regular file of at most HEARTH_SOURCE_MAX_FILE bytes, never blocking on a pipe.
 * Most files a profile names may be missing (a profile recorded on another machine): a plain
 * stat () tells, without the objects of a GIO query. */
static GBytes *
hearth_source_read (const char *path)
{
  g_autoptr (GFile) file = NULL;
  g_autoptr (GFileInputStream) in = NULL;
  g_autofree guint8 *buffer = NULL;
  GStatBuf st;
  goffset size;
  gsize got = 0;

  if (g_stat (path, &st) != 0 || !S_ISREG (st.st_mode))
    return NULL;
  size = st.st_size;
  if (size < 0 || size > HEARTH_SOURCE_MAX_FILE)
    return NULL;
  file = g_file_new_for_path (path);
  in = g_file_read (file, NULL, NULL);
  if (in == NULL)
    return NULL;
  buffer = g_malloc (size + 1);
  if (!g_input_stream_read_all (G_INPUT_STREAM (in), buffer, size + 1, &got, NULL, NULL) ||
      got > (gsize) size)
    return NULL;
  return g_bytes_new_take (g_steal_pointer (&buffer), got);
}

/* Turns a file's bytes into its index: converted to UTF-8 when a cookie names another
 * encoding (line breaks stay where they were in every encoding Python accepts here). */
static HearthSourceIndex *
hearth_source_index_new (GBytes *bytes)
{
  gsize len;
  const guint8 *data = g_bytes_get_data (bytes, &len);
  g_autofree char *coding = hearth_source_coding (data, len);
  g_autofree char *converted = NULL;
  gsize converted_len = 0;

  if (coding != NULL && !g_str_has_prefix (coding, "utf-8") &&
      !g_str_has_prefix (coding, "utf_8") && strcmp (coding, "utf8") != 0)
    {
      const char *charset = coding;

      if (strcmp (coding, "latin-1") == 0 || strcmp (coding, "latin_1") == 0 ||
          strcmp (coding, "iso-latin-1") == 0 || strcmp (coding, "l1") == 0)
        charset = "ISO-8859-1";
      converted = g_convert ((const char *) data, len, "UTF-8", charset, NULL, &converted_len,
                             NULL);
      if (converted == NULL)
        return NULL;
      return hearth_source_index_parse ((const guint8 *) converted, converted_len);
    }
  return hearth_source_index_parse (data, len);
}

/* The scope whose @field (a line, ascending over the scopes) equals @line, or -1; with
 * @last_below, the last scope whose @field is smaller than @line. */
static gint
hearth_scope_search (GArray   *scopes,
                     gsize     field,
                     guint     line,
                     gboolean  last_below)
{
  guint lo = 0, hi = scopes->len;

  /* first index whose field is >= line */
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      guint v = G_STRUCT_MEMBER (guint, &g_array_index (scopes, HearthScope, mid), field);

      if (v < line)
        lo = mid + 1;
      else
        hi = mid;
    }
  if (last_below)
    return (gint) lo - 1;
  if (lo < scopes->len &&
      G_STRUCT_MEMBER (guint, &g_array_index (scopes, HearthScope, lo), field) == line)
    return lo;
  return -1;
}

static const HearthScope *
hearth_scope_at (HearthSourceIndex *index,
                 gint               i)
{
  return i >= 0 ? &g_array_index (index->scopes, HearthScope, i) : NULL;
}

/* The innermost scope whose body (the lines after its header) holds @line. */
static gint
hearth_source_innermost (HearthSourceIndex *index,
                         guint              line)
{
  gint i = hearth_scope_search (index->scopes, G_STRUCT_OFFSET (HearthScope, header_end_line),
                                line, TRUE);

  while (i >= 0 && hearth_scope_at (index, i)->end_line < line)
    i = hearth_scope_at (index, i)->parent;
  return i;
}

static gboolean
hearth_scope_named (const HearthScope *scope,
                    const char        *name)
{
  return scope != NULL && scope->name != NULL && strcmp (scope->name, name) == 0;
}

/* The def or class @name recorded at @line: by its first line (co_firstlineno) or its def
 * line; with @executing, the line is one being run, so the def around it counts too. */
static const HearthScope *
hearth_source_find_def (HearthSourceIndex *index,
                        guint              line,
                        const char        *name,
                        gboolean           executing)
{
  const HearthScope *scope;
  GArray *scopes = index->scopes;
  gsize first = G_STRUCT_OFFSET (HearthScope, first_line);
  gsize def = G_STRUCT_OFFSET (HearthScope, def_line);
  gsize header_end = G_STRUCT_OFFSET (HearthScope, header_end_line);

  scope = hearth_scope_at (index, hearth_scope_search (scopes, first, line, FALSE));
  if (!hearth_scope_named (scope, name))
    scope = hearth_scope_at (index, hearth_scope_search (scopes, def, line, FALSE));
  if (hearth_scope_named (scope, name))
    {
      /* a def `f` inside a def `f`: the outer one runs that line too */
      if (executing &&
          hearth_scope_named (hearth_scope_at (index, hearth_source_innermost (index, line)), name))
        return NULL;
      return scope;
    }
  if (!executing)
    return NULL;
  scope = hearth_scope_at (index, hearth_scope_search (scopes, header_end, line, FALSE));
  if (scope != NULL && scope->one_line && hearth_scope_named (scope, name))
    return scope;
  scope = hearth_scope_at (index, hearth_source_innermost (index, line));
  return hearth_scope_named (scope, name) ? scope : NULL;
}

/**
 * hearth_source_index_find_def:
 * @index: a source file's index
 * @line: the line recorded for the function
 * @name: its name as recorded (co_name)
 * @executing: whether @line is one being run (stack profiles) rather than co_firstlineno
 *
 * Returns: (nullable): the qualified name of the def or class @name recorded at @line, as
 *   co_qualname would have it, or %NULL when none is found or it cannot be named
 */
const char *
hearth_source_index_find_def (HearthSourceIndex *index,
                              guint              line,
                              const char        *name,
                              gboolean           executing)
{
  const HearthScope *scope;

  g_return_val_if_fail (index != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  scope = hearth_source_find_def (index, line, name, executing);
  return scope != NULL ? scope->qualname : NULL;
}

static guint8
hearth_construct_kind_of (const char *name)
{
  if (strcmp (name, "<lambda>") == 0)
    return HEARTH_CONSTRUCT_LAMBDA;
  if (strcmp (name, "<genexpr>") == 0)
    return HEARTH_CONSTRUCT_GENEXPR;
  if (strcmp (name, "<listcomp>") == 0)
    return HEARTH_CONSTRUCT_LISTCOMP;
  if (strcmp (name, "<setcomp>") == 0 || strcmp (name, "<dictcomp>") == 0)
    return HEARTH_CONSTRUCT_SETCOMP;
  return 0;
}

/**
 * hearth_source_index_find_construct:
 * @index: a source file's index
 * @out: where the name is kept
 * @line: the line recorded for the code object
 * @name: its name: `<lambda>`, `<listcomp>`, `<genexpr>`, ...
 *
 * Returns: (nullable): the qualified name of the lambda or comprehension @name at @line, if
 *   it is the only one on its line and not nested in another, in @out
 */
const char *
hearth_source_index_find_construct (HearthSourceIndex *index,
                                    GStringChunk      *out,
                                    guint              line,
                                    const char        *name)
{
  GArray *cs;
  guint lo = 0, hi;
  const HearthConstruct *c;
  const HearthScope *scope;
  gint at;

  g_return_val_if_fail (index != NULL, NULL);
  g_return_val_if_fail (out != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  cs = index->constructs;
  hi = cs->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (g_array_index (cs, HearthConstruct, mid).line < line)
        lo = mid + 1;
      else
        hi = mid;
    }
  if (lo >= cs->len)
    return NULL;
  c = &g_array_index (cs, HearthConstruct, lo);
  if (c->line != line || c->nested || c->kind != hearth_construct_kind_of (name) ||
      (lo + 1 < cs->len && g_array_index (cs, HearthConstruct, lo + 1).line == line))
    return NULL;

  /* after the ':' of a def on this line, it is in that def's one-line body */
  at = hearth_scope_search (index->scopes, G_STRUCT_OFFSET (HearthScope, header_end_line), line,
                            FALSE);
  scope = hearth_scope_at (index, at);
  if (scope == NULL || scope->header_end_col >= c->col)
    scope = hearth_scope_at (index, hearth_source_innermost (index, line));
  if (scope == NULL)
    return g_string_chunk_insert_const (out, name);
  if (scope->qualname == NULL)
    return NULL;
  {
    g_autofree char *q = g_strconcat (scope->qualname,
                                      scope->kind == HEARTH_SCOPE_CLASS ? "." : ".<locals>.",
                                      name, NULL);

    return g_string_chunk_insert_const (out, q);
  }
}

/* ------------------------------------------------------------------------------------------ */
/* The source files of a profile */

struct _HearthSourceCache
{
  char        *profile_dir;
  GHashTable  *files;        /* recorded file name -> HearthSourceIndex, or NULL if unread */
  GHashTable  *by_pointer;   /* the same, by the name's address: a profile's file names are
                              * its interned strings, asked for once per function */
  GHashTable  *folders;      /* folder -> whether it exists */
  gsize        bytes_read;
  guint        n_files_read;
};

/**
 * hearth_source_cache_new:
 * @profile_path: (nullable): the profile's file, whose folder is searched for sources
 *
 * Returns: (transfer full): an empty cache of the source files of one profile
 */
HearthSourceCache *
hearth_source_cache_new (const char *profile_path)
{
  HearthSourceCache *cache = g_new0 (HearthSourceCache, 1);

  cache->files = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                        (GDestroyNotify) hearth_source_index_free);
  cache->by_pointer = g_hash_table_new (NULL, NULL);
  cache->folders = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  if (profile_path != NULL)
    cache->profile_dir = g_path_get_dirname (profile_path);
  return cache;
}

/**
 * hearth_source_cache_free:
 * @cache: (nullable): a cache
 *
 * Frees @cache and every index in it.
 */
void
hearth_source_cache_free (HearthSourceCache *cache)
{
  if (cache == NULL)
    return;
  g_hash_table_unref (cache->by_pointer);
  g_hash_table_unref (cache->files);
  g_hash_table_unref (cache->folders);
  g_free (cache->profile_dir);
  g_free (cache);
}

/**
 * hearth_source_cache_get_n_files_read:
 * @cache: a cache
 *
 * Returns: how many source files were read and indexed
 */
guint
hearth_source_cache_get_n_files_read (HearthSourceCache *cache)
{
  g_return_val_if_fail (cache != NULL, 0);
  return cache->n_files_read;
}

/* Whether the folder of @path exists, asked of the system once per folder: the sources of a
 * profile recorded on another machine are missing by the thousand, in a few folders. */
static gboolean
hearth_source_folder_exists (HearthSourceCache *cache,
                             const char        *path)
{
  g_autofree char *folder = g_path_get_dirname (path);
  gpointer value;
  gboolean exists;

  if (g_hash_table_lookup_extended (cache->folders, folder, NULL, &value))
    return GPOINTER_TO_INT (value);
  exists = g_file_test (folder, G_FILE_TEST_IS_DIR);
  g_hash_table_insert (cache->folders, g_steal_pointer (&folder), GINT_TO_POINTER (exists));
  return exists;
}

static GBytes *
hearth_source_open (HearthSourceCache  *cache,
                    const char         *file,
                    char              **found)
{
  g_autoptr (GPtrArray) candidates = g_ptr_array_new_with_free_func (g_free);
  const char *base = _hearth_path_last_separator (file);

  if (g_path_is_absolute (file))
    g_ptr_array_add (candidates, g_strdup (file));
  else
    {
      if (cache->profile_dir != NULL)
        g_ptr_array_add (candidates, g_build_filename (cache->profile_dir, file, NULL));
      g_ptr_array_add (candidates, g_strdup (file));
    }
  if (cache->profile_dir != NULL && base != NULL && base[1] != '\0')
    g_ptr_array_add (candidates, g_build_filename (cache->profile_dir, base + 1, NULL));

  for (guint i = 0; i < candidates->len; i++)
    {
      GBytes *bytes = NULL;

      if (hearth_source_folder_exists (cache, g_ptr_array_index (candidates, i)))
        bytes = hearth_source_read (g_ptr_array_index (candidates, i));

      if (bytes != NULL && found != NULL)
        *found = g_strdup (g_ptr_array_index (candidates, i));
      if (bytes != NULL)
        return bytes;
    }
  return NULL;
}

/**
 * hearth_source_cache_get:
 * @cache: a cache
 * @file: a file name as recorded in the profile; it must live as long as @cache
 *
 * Finds, reads and indexes @file the first time it is asked for (see the rules at the top of
 * hearth-python-scanner.c).
 *
 * Returns: (transfer none) (nullable): its index, or %NULL when it cannot be read
 */
HearthSourceIndex *
hearth_source_cache_get (HearthSourceCache *cache,
                         const char        *file)
{
  gpointer value = NULL;
  g_autoptr (GBytes) bytes = NULL;
  HearthSourceIndex *index = NULL;

  g_return_val_if_fail (cache != NULL, NULL);
  g_return_val_if_fail (file != NULL, NULL);

  if (g_hash_table_lookup_extended (cache->by_pointer, file, NULL, &value))
    return value;
  if (g_hash_table_lookup_extended (cache->files, file, NULL, &value))
    {
      g_hash_table_insert (cache->by_pointer, (gpointer) file, value);
      return value;
    }
  if (cache->bytes_read < HEARTH_SOURCE_MAX_TOTAL)
    bytes = hearth_source_open (cache, file, NULL);
  if (bytes != NULL)
    {
      cache->bytes_read += g_bytes_get_size (bytes);
      index = hearth_source_index_new (bytes);
      if (index != NULL)
        cache->n_files_read++;
    }
  g_hash_table_insert (cache->files, (gpointer) file, index);
  g_hash_table_insert (cache->by_pointer, (gpointer) file, index);
  return index;
}

/**
 * hearth_source_cache_read:
 * @cache: a cache
 * @file: a file name as recorded in the profile
 * @path: (out) (optional): where the file was found
 *
 * Reads @file found as hearth_source_cache_get () finds it, within the same limits.
 *
 * Returns: (transfer full) (nullable): its bytes, or %NULL when it cannot be read
 */
GBytes *
hearth_source_cache_read (HearthSourceCache  *cache,
                          const char         *file,
                          char              **path)
{
  GBytes *bytes = NULL;

  g_return_val_if_fail (cache != NULL && file != NULL, NULL);

  if (cache->bytes_read < HEARTH_SOURCE_MAX_TOTAL)
    bytes = hearth_source_open (cache, file, path);
  if (bytes != NULL)
    cache->bytes_read += g_bytes_get_size (bytes);
  return bytes;
}

/**
 * hearth_source_index_find_def_lines:
 * @index: a source file's index
 * @line: the line recorded for the function
 * @name: its name as recorded
 * @executing: as for hearth_source_index_find_def ()
 * @first: (out): the def's first line (its first decorator's)
 * @def_line: (out): the `def` (or `class`) line
 * @end: (out): the last line of its body
 *
 * Returns: whether the def was found
 */
gboolean
hearth_source_index_find_def_lines (HearthSourceIndex *index,
                                    guint              line,
                                    const char        *name,
                                    gboolean           executing,
                                    guint             *first,
                                    guint             *def_line,
                                    guint             *end)
{
  const HearthScope *scope;

  g_return_val_if_fail (index != NULL && name != NULL, FALSE);

  scope = hearth_source_find_def (index, line, name, executing);
  if (scope == NULL)
    return FALSE;
  *first = scope->first_line;
  *def_line = scope->def_line;
  *end = MAX (scope->end_line, scope->def_line);
  return TRUE;
}

/**
 * hearth_source_can_qualify:
 * @name: a function name as recorded
 *
 * Returns: whether source lookup may qualify @name: an identifier without a dot, or a lambda
 *   or comprehension
 */
gboolean
hearth_source_can_qualify (const char *name)
{
  g_return_val_if_fail (name != NULL, FALSE);

  if (name[0] == '<')
    return hearth_construct_kind_of (name) != 0;
  if (name[0] == '\0' || strchr (name, '.') != NULL)
    return FALSE;
  for (const char *p = name; *p != '\0'; p++)
    if (!hearth_python_is_ident_byte (*p))
      return FALSE;
  return TRUE;
}
