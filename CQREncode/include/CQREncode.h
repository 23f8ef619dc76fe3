// CQREncode — libqrencode for QRKit, opened when the first code is encoded rather than
// loaded with every process: the types and constants of <qrencode.h>, and each function
// QREncoder calls, under the prefix cqrencode_ (see cqrencode.c for why).
#ifndef CQRENCODE_H
#define CQRENCODE_H

#include <qrencode.h>

/// Opens libqrencode once for the process, and finds the functions below in it.
///
/// Returns NULL when they are ready, or why they are not (the loader's message, such as
/// "libqrencode.so.4: cannot open shared object file: No such file or directory"), in a
/// string that stays valid. Safe to call from any thread, as often as wanted.
const char *cqrencode_open(void);

/// The libqrencode functions QREncoder calls that return a value, as (return type, name,
/// parameters, arguments); each is declared as cqrencode_NAME, with libqrencode's own
/// signature and meaning. Called when cqrencode_open() cannot open the library, those
/// that return a pointer return NULL, and those that return int -1, with errno ELIBACC.
#define CQRENCODE_FUNCTIONS(X)                                                                              \
    X(QRcode *, QRcode_encodeString,                                                                        \
      (const char *string, int version, QRecLevel level, QRencodeMode hint, int casesensitive),             \
      (string, version, level, hint, casesensitive))                                                        \
    X(QRcode *, QRcode_encodeStringMQR,                                                                     \
      (const char *string, int version, QRecLevel level, QRencodeMode hint, int casesensitive),             \
      (string, version, level, hint, casesensitive))                                                        \
    X(QRcode *, QRcode_encodeData, (int size, const unsigned char *data, int version, QRecLevel level),    \
      (size, data, version, level))                                                                         \
    X(QRcode *, QRcode_encodeDataMQR, (int size, const unsigned char *data, int version, QRecLevel level), \
      (size, data, version, level))                                                                         \
    X(QRcode *, QRcode_encodeInput, (QRinput * input), (input))                                            \
    X(QRcode_List *, QRcode_encodeInputStructured, (QRinput_Struct * s), (s))                              \
    X(QRinput *, QRinput_new2, (int version, QRecLevel level), (version, level))                           \
    X(QRinput *, QRinput_newMQR, (int version, QRecLevel level), (version, level))                         \
    X(int, QRinput_append, (QRinput * input, QRencodeMode mode, int size, const unsigned char *data),      \
      (input, mode, size, data))                                                                            \
    X(int, QRinput_appendECIheader, (QRinput * input, unsigned int ecinum), (input, ecinum))               \
    X(QRinput_Struct *, QRinput_Struct_new, (void), ())                                                     \
    X(int, QRinput_Struct_appendInput, (QRinput_Struct * s, QRinput * input), (s, input))                  \
    X(int, QRinput_Struct_insertStructuredAppendHeaders, (QRinput_Struct * s), (s))

/// The ones that return nothing, as (name, parameters, arguments); called when the
/// library cannot be opened, they do nothing.
#define CQRENCODE_PROCEDURES(X)                                                                \
    X(QRinput_Struct_setParity, (QRinput_Struct * s, unsigned char parity), (s, parity))       \
    X(QRinput_Struct_free, (QRinput_Struct * s), (s))                                           \
    X(QRinput_free, (QRinput * input), (input))                                                 \
    X(QRcode_free, (QRcode * qrcode), (qrcode))                                                 \
    X(QRcode_List_free, (QRcode_List * qrlist), (qrlist))

#define CQRENCODE_DECLARE_FUNCTION(type, name, parameters, arguments) type cqrencode_##name parameters;
#define CQRENCODE_DECLARE_PROCEDURE(name, parameters, arguments) void cqrencode_##name parameters;
CQRENCODE_FUNCTIONS(CQRENCODE_DECLARE_FUNCTION)
CQRENCODE_PROCEDURES(CQRENCODE_DECLARE_PROCEDURE)
#undef CQRENCODE_DECLARE_FUNCTION
#undef CQRENCODE_DECLARE_PROCEDURE

#endif
