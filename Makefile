# Builds notes in release mode and installs it for one user (or into DESTDIR for a package):
# the binary, its man page generated from the commands, and the bash, zsh and fish completions.
#
#   make install                    # into ~/.local (bin/notes, share/man/man1/notes.1, ...)
#   make install PREFIX=/usr/local  # elsewhere; DESTDIR=/tmp/root puts it under /tmp/root for a package
#   make uninstall                  # removes exactly the files install wrote
#
# The man page comes from swift-argument-parser's manual generator, the completion scripts
# from `notes --generate-completion-script`: both from the commands themselves.

PREFIX ?= $(HOME)/.local
DESTDIR ?=
SWIFT ?= swift

BIN_DIR = $(DESTDIR)$(PREFIX)/bin
MAN_DIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASH_DIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSH_DIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISH_DIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

RELEASE_DIR = .build/release
GENERATED = .build/install

.PHONY: all build man completions install uninstall

all: build man completions

build:
	$(SWIFT) build -c release --product notes

# swift-argument-parser's generate-manual plugin builds the package in release mode (the
# binary is already built) and writes the page of every command into one file; its date is
# the commit's, so that one commit always gives the same page.
man: build
	rm -f .build/plugins/GenerateManual/outputs/notes/notes.1
	$(SWIFT) package plugin generate-manual --configuration release \
		--date "$$(git log -1 --format=%cs 2>/dev/null || date +%Y-%m-%d)"
	mkdir -p $(GENERATED)
	cp .build/plugins/GenerateManual/outputs/notes/notes.1 $(GENERATED)/notes.1

completions: build
	mkdir -p $(GENERATED)
	for shell in bash zsh fish; do \
		$(RELEASE_DIR)/notes --generate-completion-script $$shell > $(GENERATED)/notes.$$shell || exit 1; \
	done

install: all
	install -d "$(BIN_DIR)" "$(MAN_DIR)" "$(BASH_DIR)" "$(ZSH_DIR)" "$(FISH_DIR)"
	install -m 755 $(RELEASE_DIR)/notes "$(BIN_DIR)/notes"
	install -m 644 $(GENERATED)/notes.1 "$(MAN_DIR)/notes.1"
	install -m 644 $(GENERATED)/notes.bash "$(BASH_DIR)/notes"
	install -m 644 $(GENERATED)/notes.zsh "$(ZSH_DIR)/_notes"
	install -m 644 $(GENERATED)/notes.fish "$(FISH_DIR)/notes.fish"

uninstall:
	rm -f "$(BIN_DIR)/notes" "$(MAN_DIR)/notes.1" "$(BASH_DIR)/notes" "$(ZSH_DIR)/_notes" "$(FISH_DIR)/notes.fish"
