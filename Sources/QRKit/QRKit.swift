// QRKit — the umbrella: one import for the whole library. The core (QRCore) has no C; each
// C library is behind one module of its own, and this module puts them together: the
// standard engines and strategies (StandardEngines.swift) and the reader of every picture
// format (ImageReader.swift).
@_exported import QRCore
@_exported import QRGIF
@_exported import QRJPEG
@_exported import QRPNG
@_exported import QRQREncode
@_exported import QRTIFF
@_exported import QRWebP
@_exported import QRZBar
@_exported import QRZXing
