import Foundation
import RowboatSpec
#if canImport(Glibc)
import Glibc
#endif

/// Tokens in files under `$XDG_STATE_HOME/rowboat/tokens` (default
/// `~/.local/state`): the directory mode 0700, each file mode 0600, written
/// whole to a new file (created 0600, never wider for a moment) and renamed
/// over the old one. The file's name is a hash of the account.
public struct FileTokenStore: TokenStore {
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    public init(environment: [String: String]) {
        self.init(directory: StateDirectory.path(environment) + "/tokens")
    }

    public func path(account: String) -> String {
        directory + "/" + String(SHA256.hex(account).prefix(32)) + ".json"
    }

    public func location(account: String) -> String {
        "file \(path(account: account)) (mode 0600)"
    }

    public func load(account: String) throws(DataError) -> TokenRecord? {
        let path = path(account: account)
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        guard let record = TokenRecord.decode(Array(data)) else {
            throw .auth("the token file \(path) is not one rowboat wrote; remove it and sign in again")
        }
        return record
    }

    public func save(_ record: TokenRecord, account: String) throws(DataError) {
        try makeDirectory()
        let path = path(account: account)
        let temporary = path + ".new-\(getpid())"
        unlink(temporary)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw failure("cannot write \(temporary)") }
        let bytes = record.encoded()
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == bytes.count, synced, rename(temporary, path) == 0 else {
            let error = failure("cannot write \(path)")
            unlink(temporary)
            throw error
        }
    }

    public func remove(account: String) throws(DataError) {
        guard unlink(path(account: account)) == 0 || errno == ENOENT else {
            throw failure("cannot remove \(path(account: account))")
        }
    }

    func makeDirectory() throws(DataError) {
        var path = ""
        for part in directory.split(separator: "/") {
            path += "/" + part
            if mkdir(path, 0o700) != 0 && errno != EEXIST { throw failure("cannot make \(path)") }
        }
        // Ours alone, even when it was there before with a wider mode.
        chmod(directory, 0o700)
    }

    func failure(_ what: String) -> DataError {
        .auth("\(what): \(String(cString: strerror(errno)))")
    }
}
