// The memory probe's one call into glibc: malloc_trim(0) hands every free
// page of every malloc arena back to the system. Node offers no way to it.
#include <malloc.h>
#include <node_api.h>

static napi_value trim(napi_env env, napi_callback_info info) {
  (void)info;
  napi_value released;
  napi_get_boolean(env, malloc_trim(0) == 1, &released);
  return released;
}

NAPI_MODULE_INIT() {
  napi_value function;
  napi_create_function(env, "trim", NAPI_AUTO_LENGTH, trim, NULL, &function);
  napi_set_named_property(env, exports, "trim", function);
  return exports;
}
