// QRBench — the benchmark harness as a library.
import QRKit
