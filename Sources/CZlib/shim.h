// zlib's deflate and inflate, for the ZIP containers of .xlsx and .ods spreadsheets. The
// processes load libz already (cairo and libpng use it), so it costs no start-up.
#pragma once
#include <zlib.h>
