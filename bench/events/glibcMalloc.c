// The memory probe's calls into glibc, which Node offers no way to:
// malloc_trim(0) hands every free page of every malloc arena back to the
// system, and mallinfo2() tells how many bytes malloc has handed out.
#include <malloc.h>
#include <node_api.h>

static napi_value trim(napi_env env, napi_callback_info info) {
  (void)info;
  napi_value released;
  napi_get_boolean(env, malloc_trim(0) == 1, &released);
  return released;
}

// Chunks in use in every arena, and those malloc mapped on their own.
static napi_value in_use(napi_env env, napi_callback_info info) {
  (void)info;
  struct mallinfo2 arenas = mallinfo2();
  napi_value bytes;
  napi_create_double(env, (double)(arenas.uordblks + arenas.hblkhd), &bytes);
  return bytes;
}

NAPI_MODULE_INIT() {
  napi_value function;
  napi_create_function(env, "trim", NAPI_AUTO_LENGTH, trim, NULL, &function);
  napi_set_named_property(env, exports, "trim", function);
  napi_create_function(env, "inUse", NAPI_AUTO_LENGTH, in_use, NULL, &function);
  napi_set_named_property(env, exports, "inUse", function);
  return exports;
}
