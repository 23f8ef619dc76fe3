// qr-fuzz: the entry point, in C because Swift cannot define a weak symbol.
//
// Built with --sanitize=fuzzer, Swift links the whole libFuzzer runtime, whose strong
// `main` must win: it then calls LLVMFuzzerInitialize and LLVMFuzzerTestOneInput, which
// QRFuzzTargets defines. A normal build has no libFuzzer, and this weak `main` is the
// entry point: it hands over to QRFuzzTargets, which looks for libFuzzer's driver at run
// time and otherwise says how to build the fuzzer.

/// Defined in Swift (QRFuzzTargets, `@_cdecl`).
int qrfuzz_run(int argc, char **argv);

__attribute__((weak)) int main(int argc, char **argv) {
    return qrfuzz_run(argc, argv);
}
