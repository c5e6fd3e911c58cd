#ifndef NOTES_CPREFETCH_SHIM_H
#define NOTES_CPREFETCH_SHIM_H

// A hint that the cache line at `address` is about to be written: the processor fetches
// it for writing while the thread goes on. Never faults, whatever the address (an
// address outside the process's memory is dropped), and never changes what memory holds.
static inline void notes_prefetch_for_write(const void *address) {
    __builtin_prefetch(address, 1, 3);
}

#endif
