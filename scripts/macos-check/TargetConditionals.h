/* A stand-in for the macOS SDK's TargetConditionals.h, for scripts/check-targets.sh only: ring's
 * build script compiles C for the target even under clippy, and Linux has no Apple SDK. Nothing
 * compiled with it is linked; real macOS builds use Apple's own header. */
#pragma once
#define TARGET_OS_MAC 1
#define TARGET_OS_OSX 1
#define TARGET_OS_IPHONE 0
#define TARGET_OS_IOS 0
#define TARGET_OS_WATCH 0
#define TARGET_OS_TV 0
#define TARGET_OS_VISION 0
#define TARGET_OS_SIMULATOR 0
