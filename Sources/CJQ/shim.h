#ifndef ROWBOAT_CJQ_SHIM_H
#define ROWBOAT_CJQ_SHIM_H
// libjq 1.6 (Debian's libjq-dev) and its JSON values (jv.h); jq's regular
// expressions come from Oniguruma (libonig-dev), linked beside it.
#include <jq.h>
#include <jv.h>
#include <malloc.h>
#endif
