// CZBar: the D-Bus functions that libzbar.a's image scanner names, answered as on a
// machine without D-Bus.
//
// Why this file exists: Debian builds zbar with D-Bus support, so img_scanner.o (the
// object every decode needs) refers to fifteen libdbus functions. It calls them only
// after zbar_image_scanner_request_dbus(scanner, 1), which QRKit never calls: zbar's
// D-Bus feature broadcasts each code it reads on the system bus, which a library must
// not do behind its caller's back. Linking libdbus-1 for code that never runs would map
// libdbus, libsystemd, libgcrypt, liblzma, libzstd, liblz4, libcap and libgpg-error into
// every `qr` process and cost each start-up their relocations.
//
// Should zbar ever call one anyway, it sees what it sees on a machine without a bus:
// no connection (dbus_bus_get returns NULL, which zbar checks) and no error text, so
// it sends nothing. No pointer is written through except the DBusError that zbar owns,
// and that only in the fields that libdbus itself initialises.
#include <stddef.h>

// libdbus's public DBusError: two strings, then private fields.
typedef struct {
    const char *name;
    const char *message;
    unsigned int dummy_bits;
    void *padding1;
} czbar_dbus_error;

void dbus_error_init(czbar_dbus_error *error) {
    if (error) {
        error->name = NULL;
        error->message = NULL;
    }
}
void dbus_error_free(czbar_dbus_error *error) { dbus_error_init(error); }
unsigned int dbus_error_is_set(const czbar_dbus_error *error) {
    return error && error->name != NULL;
}

void *dbus_bus_get(int type, czbar_dbus_error *error) {
    (void)type;
    (void)error;
    return NULL;
}
int dbus_bus_request_name(void *connection, const char *name, unsigned int flags, czbar_dbus_error *error) {
    (void)connection; (void)name; (void)flags; (void)error;
    return -1;
}
int dbus_bus_release_name(void *connection, const char *name, czbar_dbus_error *error) {
    (void)connection; (void)name; (void)error;
    return -1;
}
unsigned int dbus_connection_send(void *connection, void *message, unsigned int *serial) {
    (void)connection; (void)message; (void)serial;
    return 0;
}
void dbus_connection_flush(void *connection) { (void)connection; }

void *dbus_message_new_signal(const char *path, const char *interface, const char *name) {
    (void)path; (void)interface; (void)name;
    return NULL;
}
void dbus_message_unref(void *message) { (void)message; }
void dbus_message_iter_init_append(void *message, void *iter) { (void)message; (void)iter; }
unsigned int dbus_message_iter_open_container(void *iter, int type, const char *signature, void *sub) {
    (void)iter; (void)type; (void)signature; (void)sub;
    return 0;
}
unsigned int dbus_message_iter_close_container(void *iter, void *sub) {
    (void)iter; (void)sub;
    return 0;
}
unsigned int dbus_message_iter_append_basic(void *iter, int type, const void *value) {
    (void)iter; (void)type; (void)value;
    return 0;
}
unsigned int dbus_message_iter_append_fixed_array(void *iter, int type, const void *value, int count) {
    (void)iter; (void)type; (void)value; (void)count;
    return 0;
}
