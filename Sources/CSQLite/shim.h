// SQLite 3 from the system (Debian: libsqlite3-dev). Used read-only by the Core Data
// import and as the baseline of notes-bench; the store itself is not SQLite.
#include <sqlite3.h>
