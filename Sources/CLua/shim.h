#ifndef CADENCE_CLUA_SHIM_H
#define CADENCE_CLUA_SHIM_H

#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>

#endif
