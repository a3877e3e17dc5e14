// libebur128 (EBU R128 / ITU-R BS.1770 loudness and true-peak metering), for loudness
// normalisation (ReelMedia's LoudnessMeter).
#ifndef REEL_CEBUR128_SHIM_H
#define REEL_CEBUR128_SHIM_H
#include <ebur128.h>
#endif
