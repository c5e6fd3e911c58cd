// The upper test targets (UI, end-to-end, reliability, bench) import only NotesTestSupport
// and get the lower test helpers with it.
@_exported import NotesTestData
