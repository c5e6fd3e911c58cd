#ifndef NOTES_CMARKGFM_SHIM_H
#define NOTES_CMARKGFM_SHIM_H

// cmark-gfm, the CommonMark parser GitHub uses, with its core extensions (tables,
// task lists, strikethrough, autolinks). Debian: libcmark-gfm-dev, libcmark-gfm-extensions-dev.
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>

#endif
