// zlib from the system (Debian: zlib1g-dev). Only the tests use it: some vectors of the
// age test kit (Tests/AgeFormatTests/Fixtures/age-testkit) are stored zlib-compressed.
#include <zlib.h>
