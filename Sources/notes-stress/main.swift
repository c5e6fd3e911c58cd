import Foundation

/// `notes-stress`: a helper process for the reliability tests (PRODUCT §7,
/// docs/reliability.md). Not shipped.
///
///     notes-stress commit --store PATH --seed N [--owner NAME] [--count N] [--compact-bytes N] [--kept-body-bytes N]
///     notes-stress open-batch DIR [--after NAME]     one result line per case folder DIR/NAME/notes.json
///     notes-stress archive-batch DIR [--after NAME]  one result line per archive file DIR/NAME
///     notes-stress read-shrinking | limited …        hostile files (see `HostileFiles`)
///     notes-stress undo-purge --store PATH [--count N]  delete for good and put back, holding attachments (`UndoPurgeLoop`)
let arguments = CommandLine.arguments.dropFirst()
guard let mode = arguments.first else { Output.fail("usage: notes-stress commit|open-batch|archive-batch …") }
let options = Options(arguments.dropFirst())
switch mode {
case "commit": CommitLoop.run(options)
case "open-batch": OpenBatch.run(options)
case "archive-batch": ArchiveBatch.run(options)
case "read-shrinking": HostileFiles.readShrinking(options)
case "limited": HostileFiles.limited(options)
case "undo-purge": UndoPurgeLoop.run(options)
default: Output.fail("unknown mode '\(mode)'")
}
