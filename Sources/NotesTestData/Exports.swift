// A test that generates notes also needs the basics (temporary folders, seeds, child
// processes): importing NotesTestData brings them.
@_exported import NotesTestBasics
