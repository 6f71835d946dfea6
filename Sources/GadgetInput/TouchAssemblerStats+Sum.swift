import GadgetCore

extension TouchAssemblerStats {
    /// Adds `other`'s counters: the input thread's totals over every device it has read.
    mutating func add(_ other: TouchAssemblerStats) {
        frames += other.frames
        syncDrops += other.syncDrops
        resyncs += other.resyncs
        droppedEvents += other.droppedEvents
        unknownSlotEvents += other.unknownSlotEvents
        clampedValues += other.clampedValues
        replacedContacts += other.replacedContacts
        subFrameContacts += other.subFrameContacts
        cancelledContacts += other.cancelledContacts
        protocolAReports += other.protocolAReports
    }
}
