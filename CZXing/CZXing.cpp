// CZXing: see include/CZXing.h. The only file that talks to zxing-cpp.
//
// libZXing is opened with dlopen when the first picture is decoded, not linked: a library
// named at link time is loaded, and every symbol it needs looked up, at every start of
// every process. libZXing is built to bind all its 800 symbols at load, and that cost
// `qr encode` and `qr --version`, which never decode, a tenth of a millisecond each. The
// eight functions of it this file calls are found once by name (their mangled C++ names,
// which spell out the parameter types, so a libZXing whose signatures differ is refused
// by name, not called wrongly). Five are member functions of ZXing::Result; the Itanium
// C++ ABI that g++ and clang follow on Linux calls a non-virtual member function as a
// function whose first argument is the object, so each is called so, through a pointer
// of that type.
#include "CZXing.h"

#include <ZXing/ReadBarcode.h>

#include <dlfcn.h>
#include <pthread.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>
#include <stdexcept>
#include <string>

namespace {

/// The soname Debian's libzxing2 package gives zxing-cpp 1.4's library.
constexpr const char *libraryName = "libZXing.so.2";

/// libZXing's functions that this file calls, found in the library once it is open.
struct ZXingFunctions {
    ZXing::Results (*readBarcodes)(const ZXing::ImageView &, const ZXing::DecodeHints &);
    // Member functions of ZXing::Result, the object first (see the top of this file).
    std::string (*utf8)(const ZXing::Result *);
    const ZXing::ByteArray &(*bytes)(const ZXing::Result *);
    bool (*hasECI)(const ZXing::Result *);
    ZXing::Result &(*setCharacterSet)(ZXing::Result *, const std::string &);
    int (*sequenceSize)(const ZXing::Result *);
    int (*sequenceIndex)(const ZXing::Result *);
    std::string (*sequenceId)(const ZXing::Result *);
};

ZXingFunctions zxing;
pthread_once_t opening = PTHREAD_ONCE_INIT;
bool opened = false;
char openFailure[512];

/// Finds `name` in `library` into `slot`; false, with the reason in openFailure, when it is not there.
template <typename Function> bool find(void *library, const char *name, Function &slot) {
    void *address = dlsym(library, name);
    if (address == nullptr) {
        std::snprintf(openFailure, sizeof openFailure, "%s has no function %s", libraryName, name);
        return false;
    }
    slot = reinterpret_cast<Function>(address);
    return true;
}

void openLibrary() {
    void *library = dlopen(libraryName, RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) {
        const char *reason = dlerror();
        std::snprintf(openFailure, sizeof openFailure, "%s", reason != nullptr ? reason : libraryName);
        return;
    }
    opened = find(library, "_ZN5ZXing12ReadBarcodesERKNS_9ImageViewERKNS_11DecodeHintsE", zxing.readBarcodes) &&
             find(library, "_ZNK5ZXing6Result4utf8B5cxx11Ev", zxing.utf8) &&
             find(library, "_ZNK5ZXing6Result5bytesEv", zxing.bytes) &&
             find(library, "_ZNK5ZXing6Result6hasECIEv", zxing.hasECI) &&
             find(library,
                  "_ZN5ZXing6Result15setCharacterSetERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE",
                  zxing.setCharacterSet) &&
             find(library, "_ZNK5ZXing6Result12sequenceSizeEv", zxing.sequenceSize) &&
             find(library, "_ZNK5ZXing6Result13sequenceIndexEv", zxing.sequenceIndex) &&
             find(library, "_ZNK5ZXing6Result10sequenceIdB5cxx11Ev", zxing.sequenceId);
}

/// libZXing's functions, once it is open; throws with the reason when it cannot be.
const ZXingFunctions &library() {
    pthread_once(&opening, openLibrary);
    if (!opened) throw std::runtime_error(openFailure);
    return zxing;
}

void copyMessage(char *error, int32_t capacity, const char *message) {
    if (error == nullptr || capacity <= 0) return;
    std::strncpy(error, message, static_cast<size_t>(capacity) - 1);
    error[capacity - 1] = '\0';
}

ZXing::DecodeHints makeHints(const CZXingOptions &o) {
    ZXing::BarcodeFormats formats;
    if (o.formats & CZXING_FORMAT_QR) formats |= ZXing::BarcodeFormat::QRCode;
    if (o.formats & CZXING_FORMAT_MICRO_QR) formats |= ZXing::BarcodeFormat::MicroQRCode;
    if (formats.empty()) formats = ZXing::BarcodeFormat::QRCode;
    ZXing::DecodeHints hints;
    hints.setFormats(formats)
        .setTryHarder(o.tryHarder != 0)
        .setTryRotate(o.tryRotate != 0)
        .setTryDownscale(o.tryDownscale != 0);
    return hints;
}

char *duplicate(const std::string &s) {
    char *p = static_cast<char *>(std::malloc(s.size() + 1));
    if (p == nullptr) throw std::bad_alloc();
    std::memcpy(p, s.data(), s.size());
    p[s.size()] = '\0';
    return p;
}

// The bytes rendered as ISO-8859-1, in UTF-8: what zxing-cpp's text is when no segment
// of the symbol names a character set and the default is ISO-8859-1.
std::string latin1AsUTF8(const ZXing::ByteArray &bytes) {
    std::string s;
    s.reserve(bytes.size() * 2);
    for (uint8_t b : bytes) {
        if (b < 0x80) {
            s.push_back(static_cast<char>(b));
        } else {
            s.push_back(static_cast<char>(0xC0 | (b >> 6)));
            s.push_back(static_cast<char>(0x80 | (b & 0x3F)));
        }
    }
    return s;
}

// True when a segment of the symbol declares its own character set: an ECI, or a
// Kanji (Shift_JIS) or Hanzi (GB2312) mode segment. With ISO-8859-1 as the default,
// only such segments make zxing-cpp's text differ from the plain Latin-1 rendering.
bool declaresCharset(const ZXingFunctions &zx, const ZXing::Result &r) {
    if (zx.hasECI(&r)) return true;
    ZXing::Result probe = r;
    zx.setCharacterSet(&probe, "ISO-8859-1");
    return zx.utf8(&probe) != latin1AsUTF8(zx.bytes(&r));
}

// zxing-cpp 1.4 gives a QR symbol's structured-append parity byte as its sequenceId, in
// decimal ("105"); anything else is reported as -1.
int32_t parity(const std::string &id) {
    if (id.empty() || id.size() > 3) return -1;
    int32_t value = 0;
    for (char c : id) {
        if (c < '0' || c > '9') return -1;
        value = value * 10 + (c - '0');
    }
    return value <= 255 ? value : -1;
}

void fill(const ZXingFunctions &zx, CZXingSymbol &out, const ZXing::Result &r) {
    const ZXing::ByteArray &bytes = zx.bytes(&r);
    out.byteCount = static_cast<int32_t>(bytes.size());
    out.bytes = static_cast<uint8_t *>(std::malloc(bytes.size() > 0 ? bytes.size() : 1));
    if (out.bytes == nullptr) throw std::bad_alloc();
    if (!bytes.empty()) std::memcpy(out.bytes, bytes.data(), bytes.size());
    out.text = duplicate(zx.utf8(&r));
    out.hasECI = zx.hasECI(&r) ? 1 : 0;
    out.declaresCharset = declaresCharset(zx, r) ? 1 : 0;
    const ZXing::Position &p = r.position();
    for (int i = 0; i < 4; ++i) {
        out.corners[2 * i] = p[i].x;
        out.corners[2 * i + 1] = p[i].y;
    }
    std::string level = r.ecLevel();
    std::strncpy(out.ecLevel, level.c_str(), sizeof out.ecLevel - 1);
    out.ecLevel[sizeof out.ecLevel - 1] = '\0';
    out.saIndex = zx.sequenceIndex(&r);
    out.saCount = zx.sequenceSize(&r);
    out.saParity = parity(zx.sequenceId(&r));
    out.isMicro = r.format() == ZXing::BarcodeFormat::MicroQRCode ? 1 : 0;
}

}  // namespace

extern "C" int32_t czxing_read(const uint8_t *pixels, int32_t width, int32_t height, int32_t stride,
                               const CZXingOptions *options, CZXingSymbol **out, int32_t *count,
                               char *error, int32_t errorCapacity) {
    if (out == nullptr || count == nullptr || options == nullptr || pixels == nullptr) {
        copyMessage(error, errorCapacity, "czxing_read: missing argument");
        return -1;
    }
    *out = nullptr;
    *count = 0;
    if (width <= 0 || height <= 0 || stride < width) {
        copyMessage(error, errorCapacity, "czxing_read: bad image geometry");
        return -1;
    }
    CZXingSymbol *symbols = nullptr;
    int32_t allocated = 0;
    int32_t filled = 0;
    try {
        const ZXingFunctions &zx = library();
        ZXing::ImageView view(pixels, width, height, ZXing::ImageFormat::Lum, stride);
        ZXing::Results results = zx.readBarcodes(view, makeHints(*options));
        int32_t valid = 0;
        for (const auto &r : results)
            if (r.isValid()) ++valid;
        if (valid == 0) return 0;
        symbols = static_cast<CZXingSymbol *>(std::calloc(static_cast<size_t>(valid), sizeof(CZXingSymbol)));
        if (symbols == nullptr) throw std::bad_alloc();
        allocated = valid;
        for (const auto &r : results) {
            if (!r.isValid()) continue;
            fill(zx, symbols[filled], r);
            ++filled;
        }
        *out = symbols;
        *count = filled;
        return 0;
    } catch (const std::exception &e) {
        czxing_free(symbols, allocated);  // calloc'd: unfilled entries hold NULLs
        copyMessage(error, errorCapacity, e.what());
        return -1;
    } catch (...) {
        czxing_free(symbols, allocated);  // calloc'd: unfilled entries hold NULLs
        copyMessage(error, errorCapacity, "zxing-cpp failed with an unknown exception");
        return -1;
    }
}

extern "C" void czxing_free(CZXingSymbol *symbols, int32_t count) {
    if (symbols == nullptr) return;
    for (int32_t i = 0; i < count; ++i) {
        std::free(symbols[i].bytes);
        std::free(symbols[i].text);
    }
    std::free(symbols);
}
