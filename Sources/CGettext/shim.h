// gettext and locale from the C library: Swift's Glibc module does not export them.
#pragma once
#include <libintl.h>
#include <locale.h>
