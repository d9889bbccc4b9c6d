#ifndef ROWBOAT_CCHAFA_SHIM_H
#define ROWBOAT_CCHAFA_SHIM_H
// libchafa (symbols from pixels) and the GLib types its API uses. Include
// paths come from pkg-config "chafa" (which pulls in glib-2.0).
#include <chafa.h>
#endif
