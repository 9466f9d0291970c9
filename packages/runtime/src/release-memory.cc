// Node-API addon behind releaseStartupMemory() (startup-memory.ts): what Node 20 does not expose to
// JavaScript. V8's memory-pressure notification runs a full collection that shrinks the young
// generation back to its minimum and compacts the old one (a plain gc() does neither at start-up:
// the allocation rate still looks high); malloc_trim gives back the memory glibc keeps after start-up
// freed it (glibc raises its trim threshold after large blocks are freed, so it keeps tens of MB).
// Built against the headers of the node that builds it (scripts/build.mjs).
#include <node_api.h>
#include <node_version.h>
#include <v8.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

static napi_value Release(napi_env env, napi_callback_info info) {
  (void)info;
  v8::Isolate* isolate = v8::Isolate::GetCurrent();
  // kCritical collects at once on this thread; kNone right after, or V8 would keep optimizing for
  // memory (smaller heap limits, more collections) from here on.
  isolate->MemoryPressureNotification(v8::MemoryPressureLevel::kCritical);
  isolate->MemoryPressureNotification(v8::MemoryPressureLevel::kNone);
  bool trimmed = false;
#if defined(__GLIBC__)
  trimmed = malloc_trim(0) != 0;
#endif
  napi_value result;
  napi_get_boolean(env, trimmed, &result);
  return result;
}

NAPI_MODULE_INIT() {
  napi_value fn;
  if (napi_create_function(env, "release", NAPI_AUTO_LENGTH, Release, nullptr, &fn) != napi_ok) return nullptr;
  if (napi_set_named_property(env, exports, "release", fn) != napi_ok) return nullptr;
  // The loader calls release() only in the node this was compiled for: the V8 call is C++, whose
  // ABI Node-API does not keep stable across node versions.
  napi_value version;
  if (napi_create_string_utf8(env, NODE_VERSION, NAPI_AUTO_LENGTH, &version) != napi_ok) return nullptr;
  if (napi_set_named_property(env, exports, "builtFor", version) != napi_ok) return nullptr;
  return exports;
}
