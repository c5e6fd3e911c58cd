import Foundation

// notes-bench: the benchmark of PRODUCT §6. See BenchOptions for the flags.
do {
    let options = try BenchOptions(arguments: Array(CommandLine.arguments.dropFirst()))
    if let path = options.childOpenPath {
        try ChildMeasurement.open(path: path)
    } else if let path = options.childTerminalPath {
        try TerminalChild.run(storePath: path)
    } else if let path = options.childSQLitePath {
        try SQLiteBaseline.child(path: path)
    } else if let child = options.childSQLiteCommand {
        try SQLiteCommandChild.run(path: child.database, command: child.command)
    } else if let path = options.childDecodePath {
        try ChildMeasurement.decode(path: path)
    } else if let path = options.fillJournalPath {
        try ExistingStoreRun.fillJournal(path: path, bytes: options.fillBytes)
    } else if let megabytes = options.longNoteMegabytes {
        let report = LongNoteMeasurement.run(megabytes: megabytes)
        print(options.json ? report.json() : report.table())
    } else if let path = options.existingPath {
        let report = try ExistingStoreRun.run(path: path, appOnly: options.appOnly)
        print(options.json ? report.json() : report.table())
    } else {
        let report = try BenchRun(options: options).run()
        print(options.json ? report.json() : report.table())
    }
} catch let error as BenchOptions.UsageError {
    FileHandle.standardError.write(Data("\(error.description)\n".utf8))
    exit(64)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
