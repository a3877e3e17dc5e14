// libqrencode (ISO/IEC 18004 QR codes), for CIQRCodeGenerator.
#ifndef REEL_CQRENCODE_SHIM_H
#define REEL_CQRENCODE_SHIM_H
#include <qrencode.h>
#endif
