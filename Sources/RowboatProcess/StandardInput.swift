#if canImport(Glibc)
import Glibc
#endif

/// A program's standard input from bytes of any size: written to a file
/// that is unlinked at once (mode 0600, nobody else can open it) and handed
/// over as a descriptor, so a program that never reads it blocks no one,
/// where a pipe would hold the writer once 64 KiB wait in it.
public enum StandardInput {
    /// `bytes` as a readable descriptor at their start (the caller closes
    /// it after the spawn); nil bytes: /dev/null.
    public static func open(_ bytes: [UInt8]?) -> Result<ProcessInput, ProcessError> {
        guard let bytes else { return .success(.null) }
        var template = Array("/tmp/rowboat-stdin-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return .failure(ProcessError("cannot keep the program's input: \(String(cString: strerror(errno)))")) }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        var offset = 0
        let failed: Bool = bytes.withUnsafeBytes { raw in
            while offset < raw.count {
                let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return true }
                offset += n
            }
            return false
        }
        guard !failed, lseek(fd, 0, SEEK_SET) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            return .failure(ProcessError("cannot keep the program's input: \(reason)"))
        }
        return .success(.descriptor(fd))
    }
}
