import NotesCore

// The benchmark of PRODUCT §6 is not written yet.
print("notes-bench: not implemented yet")
