// QRKit tests — Tags: the suites `make tsan` and `make asan` run.
import Testing

extension Tag {
    /// Run under ThreadSanitizer and AddressSanitizer (`swift test --filter tag:sanitized`):
    /// what runs on many threads or reads untrusted bytes through C. Strategies and their
    /// policies, the memory budget, the decode executor, decoding from many threads,
    /// reading every picture format and hostile input of each, orientation, text decoding,
    /// structured append, and the geometry of hard pictures.
    @Tag static var sanitized: Self
}
