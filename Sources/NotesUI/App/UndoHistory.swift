import Foundation

/// The undo and redo stacks of one UI session (vim's `u` and `Ctrl-R`, without the tree).
/// A new change clears the redo stack; the oldest steps go past `limit`.
public struct UndoHistory: Equatable, Sendable {
    public static let limit = 200
    public private(set) var undoSteps: [UndoStep] = []
    public private(set) var redoSteps: [UndoStep] = []

    public init() {}

    /// The notes any step, to undo or to redo, touches: those the history can still bring back.
    var noteIDs: Set<UUID> {
        var ids = Set<UUID>()
        for step in undoSteps { ids.formUnion(step.notes.keys) }
        for step in redoSteps { ids.formUnion(step.notes.keys) }
        return ids
    }

    /// Records a change just committed (an empty step is not recorded).
    mutating func record(_ step: UndoStep) {
        guard !step.isEmpty else { return }
        undoSteps.append(step)
        if undoSteps.count > Self.limit { undoSteps.removeFirst(undoSteps.count - Self.limit) }
        redoSteps = []
    }

    /// Takes the step an undo (or redo) would apply off its stack.
    mutating func take(_ direction: UndoStep.Direction) -> UndoStep? {
        switch direction {
        case .undo: undoSteps.popLast()
        case .redo: redoSteps.popLast()
        }
    }

    /// Puts back a step taken by `take` that could not be applied (the lock was busy).
    mutating func putBack(_ step: UndoStep, _ direction: UndoStep.Direction) {
        switch direction {
        case .undo: undoSteps.append(step)
        case .redo: redoSteps.append(step)
        }
    }

    /// Puts a step that was undone (or redone) on the other stack.
    mutating func applied(_ step: UndoStep, _ direction: UndoStep.Direction) {
        switch direction {
        case .undo: redoSteps.append(step)
        case .redo: undoSteps.append(step)
        }
    }
}
