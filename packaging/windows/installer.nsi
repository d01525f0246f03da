; The Windows installer: reversi3d-<version>-setup.exe, made by NSIS (`makensis`).
; scripts/windows/package.sh builds the executables and runs this with:
;   VERSION   the game's version (Cargo.toml's)
;   BINARIES  the folder holding reversi.exe and reversi-engine.exe
;   ROOT      the repository (licences, icon)
;   OUTFILE   the installer to write
;
; It installs the game for every user in Program Files, adds a Start-menu entry, lets saved games
; (.ron, offered in "Open with", never claimed for every RON file) and GGF game records (.ggf)
; open with the game, and registers an uninstaller. The uninstaller removes what was installed
; and leaves the player's settings, statistics and saved games alone: they live in the player's
; own folders (%APPDATA%\reversi3d, Documents\Reversi 3D), which this never touches.

; A 64-bit installer, as the game is: it runs where the game can.
Target amd64-unicode
SetCompressor /SOLID lzma
RequestExecutionLevel admin
ManifestDPIAware true

!include "MUI2.nsh"
!include "LogicLib.nsh"

!define PRODUCT "Reversi 3D"
!define PUBLISHER "The Reversi 3D developers"
!define EXE "reversi.exe"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\Reversi3D"
!define CLASSES "Software\Classes"
!define GGF_CLASS "Reversi3D.GGF"
!define SAVED_GAME_CLASS "Reversi3D.SavedGame"

Name "${PRODUCT}"
OutFile "${OUTFILE}"
InstallDir "$PROGRAMFILES64\${PRODUCT}"
InstallDirRegKey HKLM "${UNINSTALL_KEY}" "InstallLocation"
BrandingText "${PRODUCT} ${VERSION}"

VIProductVersion "${VERSION}.0"
VIAddVersionKey /LANG=0 "ProductName" "${PRODUCT}"
VIAddVersionKey /LANG=0 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileDescription" "${PRODUCT} installer"
VIAddVersionKey /LANG=0 "CompanyName" "${PUBLISHER}"
VIAddVersionKey /LANG=0 "LegalCopyright" "MIT OR Apache-2.0"

!define MUI_ICON "${ROOT}\assets\icon\reversi.ico"
!define MUI_UNICON "${ROOT}\assets\icon\reversi.ico"
!define MUI_ABORTWARNING
!define MUI_FINISHPAGE_RUN "$INSTDIR\${EXE}"

!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_LICENSE "${ROOT}\LICENSE-MIT"
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES

!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "Russian"

LangString GGF_NAME ${LANG_ENGLISH} "GGF game record"
LangString GGF_NAME ${LANG_RUSSIAN} "Запись партии GGF"
LangString SAVED_GAME_NAME ${LANG_ENGLISH} "Reversi 3D saved game"
LangString SAVED_GAME_NAME ${LANG_RUSSIAN} "Сохранённая партия Reversi 3D"
Function .onInit
    SetRegView 64
FunctionEnd

Function un.onInit
    SetRegView 64
FunctionEnd

; A file type whose files open with the game: its name, the game's icon and its open command.
!macro FILE_CLASS CLASS DESCRIPTION
    WriteRegStr HKLM "${CLASSES}\${CLASS}" "" "${DESCRIPTION}"
    WriteRegStr HKLM "${CLASSES}\${CLASS}\DefaultIcon" "" '"$INSTDIR\${EXE}",0'
    WriteRegStr HKLM "${CLASSES}\${CLASS}\shell\open\command" "" '"$INSTDIR\${EXE}" "%1"'
!macroend

Section "Reversi 3D" SectionGame
    SectionIn RO
    SetOutPath "$INSTDIR"
    File "${BINARIES}\${EXE}"
    File "${BINARIES}\reversi-engine.exe"
    File /oname=LICENSE-MIT.txt "${ROOT}\LICENSE-MIT"
    File /oname=LICENSE-APACHE.txt "${ROOT}\LICENSE-APACHE"
    SetOutPath "$INSTDIR\LICENSES"
    File /oname=README.txt "${ROOT}\LICENSES\README.md"
    SetOutPath "$INSTDIR\LICENSES\fonts"
    File "${ROOT}\LICENSES\fonts\*.txt"
    SetOutPath "$INSTDIR"
    WriteUninstaller "$INSTDIR\uninstall.exe"

    ; The Start menu, for every user.
    SetShellVarContext all
    CreateShortcut "$SMPROGRAMS\${PRODUCT}.lnk" "$INSTDIR\${EXE}" "" "$INSTDIR\${EXE}" 0

    ; GGF records open with the game (the type's default program, which the player can change
    ; in Settings); saved games are offered in "Open with" beside whatever opens .ron files.
    !insertmacro FILE_CLASS "${GGF_CLASS}" "$(GGF_NAME)"
    !insertmacro FILE_CLASS "${SAVED_GAME_CLASS}" "$(SAVED_GAME_NAME)"
    WriteRegStr HKLM "${CLASSES}\.ggf" "" "${GGF_CLASS}"
    WriteRegStr HKLM "${CLASSES}\.ggf" "Content Type" "application/x-ggf"
    WriteRegStr HKLM "${CLASSES}\.ggf\OpenWithProgids" "${GGF_CLASS}" ""
    WriteRegStr HKLM "${CLASSES}\.ron\OpenWithProgids" "${SAVED_GAME_CLASS}" ""
    WriteRegStr HKLM "${CLASSES}\Applications\${EXE}" "FriendlyAppName" "${PRODUCT}"
    WriteRegStr HKLM "${CLASSES}\Applications\${EXE}\SupportedTypes" ".ggf" ""
    WriteRegStr HKLM "${CLASSES}\Applications\${EXE}\SupportedTypes" ".ron" ""
    WriteRegStr HKLM "${CLASSES}\Applications\${EXE}\shell\open\command" "" '"$INSTDIR\${EXE}" "%1"'
    ; An invitation's link (reversi3d://join/...) opened anywhere joins the friend's game.
    WriteRegStr HKLM "${CLASSES}\reversi3d" "" "URL:Reversi 3D invitation"
    WriteRegStr HKLM "${CLASSES}\reversi3d" "URL Protocol" ""
    WriteRegStr HKLM "${CLASSES}\reversi3d\DefaultIcon" "" '"$INSTDIR\${EXE}",0'
    WriteRegStr HKLM "${CLASSES}\reversi3d\shell\open\command" "" '"$INSTDIR\${EXE}" --join "%1"'
    ; Explorer shows the new types' icons at once.
    System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'

    ; Settings > Apps lists the game, with its uninstaller.
    WriteRegStr HKLM "${UNINSTALL_KEY}" "DisplayName" "${PRODUCT}"
    WriteRegStr HKLM "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
    WriteRegStr HKLM "${UNINSTALL_KEY}" "DisplayIcon" '"$INSTDIR\${EXE}",0'
    WriteRegStr HKLM "${UNINSTALL_KEY}" "Publisher" "${PUBLISHER}"
    WriteRegStr HKLM "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
    WriteRegStr HKLM "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
    WriteRegStr HKLM "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
    WriteRegDWORD HKLM "${UNINSTALL_KEY}" "NoModify" 1
    WriteRegDWORD HKLM "${UNINSTALL_KEY}" "NoRepair" 1
    SectionGetSize ${SectionGame} $0
    WriteRegDWORD HKLM "${UNINSTALL_KEY}" "EstimatedSize" $0
SectionEnd

Section "Uninstall"
    SetShellVarContext all
    Delete "$SMPROGRAMS\${PRODUCT}.lnk"

    ; .ggf goes back to no program only if it still opens with the game.
    ReadRegStr $0 HKLM "${CLASSES}\.ggf" ""
    ${If} $0 == "${GGF_CLASS}"
        DeleteRegValue HKLM "${CLASSES}\.ggf" ""
        DeleteRegValue HKLM "${CLASSES}\.ggf" "Content Type"
    ${EndIf}
    DeleteRegValue HKLM "${CLASSES}\.ggf\OpenWithProgids" "${GGF_CLASS}"
    DeleteRegValue HKLM "${CLASSES}\.ron\OpenWithProgids" "${SAVED_GAME_CLASS}"
    DeleteRegKey /ifempty HKLM "${CLASSES}\.ggf\OpenWithProgids"
    DeleteRegKey /ifempty HKLM "${CLASSES}\.ron\OpenWithProgids"
    DeleteRegKey /ifempty HKLM "${CLASSES}\.ggf"
    DeleteRegKey /ifempty HKLM "${CLASSES}\.ron"
    DeleteRegKey HKLM "${CLASSES}\${GGF_CLASS}"
    DeleteRegKey HKLM "${CLASSES}\${SAVED_GAME_CLASS}"
    DeleteRegKey HKLM "${CLASSES}\Applications\${EXE}"
    DeleteRegKey HKLM "${CLASSES}\reversi3d"
    System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'

    ; Only what the installer put here: the player's files are in their own folders.
    Delete "$INSTDIR\${EXE}"
    Delete "$INSTDIR\reversi-engine.exe"
    Delete "$INSTDIR\LICENSE-MIT.txt"
    Delete "$INSTDIR\LICENSE-APACHE.txt"
    Delete "$INSTDIR\LICENSES\README.txt"
    Delete "$INSTDIR\LICENSES\fonts\*.txt"
    RMDir "$INSTDIR\LICENSES\fonts"
    RMDir "$INSTDIR\LICENSES"
    Delete "$INSTDIR\uninstall.exe"
    RMDir "$INSTDIR"

    DeleteRegKey HKLM "${UNINSTALL_KEY}"
SectionEnd
