// Teltonika AVL IO element table: id -> published name, wire size, type, multiplier, unit and group, for the FMB/FMC/
// FMM/FMU family (FMB1xx, FMB9xx, FMC/FMM/FMU 1xx, FMB0xx, MSP500, MTB100, FMT100, FMP100). The FMx640/FMx650 truck
// models reuse many of these ids with other meanings and are not covered; neither are the TFT/TAT/TST/GH products.
// Signedness, multipliers and text decoding are applied by io-values.ts; ids missing here are published as `io<id>`.
//
// Source: Teltonika wiki, "FMB Teltonika Data Sending Parameters ID" / "Full AVL ID List" (Permanent I/O, Eventual
// I/O, OBD, OBD OEM, CAN adapter (LV-CAN200 / ALL-CAN300 / CAN-CONTROL) incl. tachograph and state-flag elements,
// Bluetooth Low Energy and EYE sensor elements), as tabulated in the public dump tools/io_elements_dump.csv of
// github.com/alim-zanibekov/teltonika; spot-checked against Traccar's TeltonikaProtocolDecoder. Where the list is
// contradictory (duplicate names, unexplained multipliers, impossible sizes) the id is left out on purpose.
//
// Naming: camelCase; everything read through a CAN adapter carries the `can` prefix (canVehicleSpeed), OBD values
// carry none (vehicleSpeed), OEM-PID OBD values carry `oem`. Units are SI-ish strings; values are published already
// scaled, e.g. externalVoltage in volts, canTotalMileage in metres.

export type IoGroup = "permanent" | "eventual" | "obd" | "can" | "tachograph" | "ble";
/** unsigned/signed: integers (two's complement by `bytes` for signed); boolean: 0/1 flag published as true/false;
 *  text: bytes decoded as ASCII; hex: bytes kept as lowercase hex (ids, raw structures). */
export type IoType = "unsigned" | "signed" | "boolean" | "text" | "hex";
export type IoBytes = 1 | 2 | 4 | 8 | "x"; // "x": variable length (Codec 8E NX section)

export interface IoElementDef {
  id: number;
  name: string;
  bytes: IoBytes;
  type: IoType;
  multiplier?: number; // raw * multiplier = value in `unit`
  unit?: string;
  group: IoGroup;
}

/** Ids the code refers to by name. Every entry is also a row of IO_ELEMENTS (checked by the tests). */
export const IO = {
  // permanent
  DIGITAL_INPUT_1: 1,
  DIGITAL_INPUT_2: 2,
  DIGITAL_INPUT_3: 3,
  ANALOG_INPUT_1: 9,
  ANALOG_INPUT_2: 6,
  ICCID_1: 11,
  ICCID_2: 14,
  TOTAL_ODOMETER: 16,
  GSM_SIGNAL: 21,
  GNSS_SPEED: 24,
  EXTERNAL_VOLTAGE: 66,
  BATTERY_VOLTAGE: 67,
  BATTERY_CURRENT: 68,
  GNSS_STATUS: 69,
  IBUTTON: 78,
  DATA_MODE: 80,
  BATTERY_LEVEL: 113,
  DIGITAL_OUTPUT_1: 179,
  DIGITAL_OUTPUT_2: 180,
  GNSS_PDOP: 181,
  GNSS_HDOP: 182,
  TRIP_ODOMETER: 199,
  SLEEP_MODE: 200,
  GSM_CELL_ID: 205,
  GSM_AREA_CODE: 206,
  RFID: 207,
  NETWORK_TYPE: 237,
  IGNITION: 239,
  MOVEMENT: 240,
  ACTIVE_GSM_OPERATOR: 241,
  INSTANT_MOVEMENT: 303,
  UMTS_LTE_CELL_ID: 636,
  // eventual
  ALARM: 236,
  GREEN_DRIVING_EVENT_DURATION: 243,
  TOWING: 246,
  CRASH_DETECTION: 247,
  IMMOBILIZER: 248,
  JAMMING: 249,
  TRIP: 250,
  IDLING: 251,
  UNPLUG: 252,
  GREEN_DRIVING_TYPE: 253,
  GREEN_DRIVING_VALUE: 254,
  OVER_SPEEDING: 255,
  CRASH_TRACE_DATA: 257,
  GNSS_JAMMING: 318,
  // OBD
  OBD_ENGINE_RPM: 36,
  OBD_VEHICLE_SPEED: 37,
  OBD_FUEL_LEVEL: 48,
  OBD_FUEL_RATE: 60,
  OBD_VIN: 256,
  OBD_FAULT_CODES: 281,
  // CAN adapter (LV-CAN200 / ALL-CAN300 / CAN-CONTROL)
  CAN_VEHICLE_SPEED: 81,
  CAN_ACCELERATOR_PEDAL_POSITION: 82,
  CAN_FUEL_CONSUMED: 83,
  CAN_FUEL_LEVEL_LITERS: 84,
  CAN_ENGINE_RPM: 85,
  CAN_TOTAL_MILEAGE: 87,
  CAN_FUEL_LEVEL_PERCENT: 89,
  CAN_DOOR_STATUS: 90,
  CAN_PROGRAM_NUMBER: 100,
  CAN_MODULE_ID: 101,
  CAN_ENGINE_WORKTIME: 102,
  CAN_ENGINE_WORKTIME_COUNTED: 103,
  CAN_TOTAL_MILEAGE_COUNTED: 105,
  CAN_FUEL_CONSUMED_COUNTED: 107,
  CAN_FUEL_RATE: 110,
  CAN_ADBLUE_LEVEL_PERCENT: 111,
  CAN_ADBLUE_LEVEL_LITERS: 112,
  CAN_ENGINE_LOAD: 114,
  CAN_ENGINE_TEMPERATURE: 115,
  CAN_CONTROL_STATE_FLAGS: 123,
  CAN_SECURITY_STATE_FLAGS: 132,
  CAN_DTC_FAULTS: 160,
  CAN_VEHICLES_RANGE_ON_BATTERY: 304,
  CAN_VIN: 325,
  CAN_SECURITY_STATE_FLAGS_P4: 517,
  CAN_SSF_HANDBRAKE_IS_ACTIVE: 653,
  CAN_SSF_CAR_IS_CLOSED: 662,
  CAN_SSF_IGNITION: 898,
  // tachograph (through ALL-CAN300)
  CAN_TACHO_DRIVER_CARD_PRESENCE: 136,
  CAN_DRIVER_1_ID_HIGH: 147,
  CAN_DRIVER_1_ID_LOW: 148,
  CAN_DRIVER_2_ID_HIGH: 149,
  CAN_DRIVER_2_ID_LOW: 150,
} as const;

const U = "unsigned";
const S = "signed";
const B = "boolean";
const T = "text";
const H = "hex";
const X = "x";

/** [id, name, bytes, type, multiplier?, unit?]; the group comes from the list the row sits in. */
type Row = readonly [number, string, IoBytes, IoType, number?, string?];

/** Consecutive ids with a common shape. */
function run(firstId: number, bytes: IoBytes, type: IoType, names: readonly string[]): Row[] {
  return names.map((name, i): Row => [firstId + i, name, bytes, type]);
}

/** Consecutive 1-byte 0/1 state flags, published as booleans. */
const flags = (firstId: number, names: readonly string[]) => run(firstId, 1, B, names);

/** Numbered series: `${base}${n}` for n = 1..count at consecutive ids. */
function series(
  firstId: number,
  base: string,
  count: number,
  bytes: IoBytes,
  type: IoType,
  multiplier?: number,
  unit?: string,
): Row[] {
  return Array.from({ length: count }, (_, i): Row => [firstId + i, `${base}${i + 1}`, bytes, type, multiplier, unit]);
}

const pad2 = (n: number) => String(n).padStart(2, "0");

// Geofence zones 01..50 sit at scattered ids (0 left, 1 entered, 2 over-speeding end, 3 over-speeding start).
const GEOFENCE_ZONE_IDS = [
  155, 156, 157, 158, 159, 61, 62, 63, 64, 65, 70, 88, 91, 92, 93, 94, 95, 96, 97, 98, 99, 153, 154, 190, 191, 192, 193,
  194, 195, 196, 197, 198, 208, 209, 216, 217, 218, 219, 220, 221, 222, 223, 224, 225, 226, 227, 228, 229, 230, 231,
] as const;

const PERMANENT: Row[] = [
  ...run(1, 1, U, ["digitalInput1", "digitalInput2", "digitalInput3"]),
  [4, "pulseCounterDin1", 4, U],
  [5, "pulseCounterDin2", 4, U],
  [6, "analogInput2", 2, U, 0.001, "V"],
  [8, "authorizedIbutton", 8, H], // the attached iButton is on the device's authorized list
  [9, "analogInput1", 2, U, 0.001, "V"],
  [10, "sdStatus", 1, U], // 0 not present, 1 present
  [11, "iccid1", 8, U], // SIM ICCID, most significant part
  [12, "fuelUsedGps", 4, U, 0.001, "l"],
  [13, "fuelRateGps", 2, U, 0.01, "l/100km"],
  [15, "ecoScore", 2, U, 0.01],
  [16, "totalOdometer", 4, U, 1, "m"],
  [17, "axisX", 2, S, 1, "mG"],
  [18, "axisY", 2, S, 1, "mG"],
  [19, "axisZ", 2, S, 1, "mG"],
  [21, "gsmSignal", 1, U], // 0..5
  [24, "gnssSpeed", 2, U, 1, "km/h"], // named apart from the record's own GPS `speed`
  [66, "externalVoltage", 2, U, 0.001, "V"],
  [67, "batteryVoltage", 2, U, 0.001, "V"],
  [68, "batteryCurrent", 2, U, 0.001, "A"],
  [69, "gnssStatus", 1, U], // 0 off, 1 fix, 2 no fix, 3 sleep
  [71, "dallasTemperatureId4", 8, H],
  [72, "dallasTemperature1", 4, S, 0.1, "°C"],
  [73, "dallasTemperature2", 4, S, 0.1, "°C"],
  [74, "dallasTemperature3", 4, S, 0.1, "°C"],
  [75, "dallasTemperature4", 4, S, 0.1, "°C"],
  [76, "dallasTemperatureId1", 8, H],
  [77, "dallasTemperatureId2", 8, H],
  [78, "iButton", 8, H], // wire byte order; Traccar prints it byte-reversed
  [79, "dallasTemperatureId3", 8, H],
  [80, "dataMode", 1, U], // 0..5: home/roaming/unknown x stop/moving
  [113, "batteryLevel", 1, U, 1, "%"],
  [179, "digitalOutput1", 1, U],
  [180, "digitalOutput2", 1, U],
  [181, "gnssPdop", 2, U, 0.1],
  [182, "gnssHdop", 2, U, 0.1],
  [199, "tripOdometer", 4, U, 1, "m"],
  [200, "sleepMode", 1, U], // 0 none, 1 GPS, 2 deep, 3 online, 4 ultra
  [201, "llsFuelLevel1", 2, S], // kvants or litres depending on the sensor set-up
  [202, "llsTemperature1", 1, S, 1, "°C"],
  [203, "llsFuelLevel2", 2, S],
  [204, "llsTemperature2", 1, S, 1, "°C"],
  [205, "gsmCellId", 2, U],
  [206, "gsmAreaCode", 2, U],
  [207, "rfid", 8, H],
  [210, "llsFuelLevel3", 2, S],
  [211, "llsTemperature3", 1, S, 1, "°C"],
  [212, "llsFuelLevel4", 2, S],
  [213, "llsTemperature4", 1, S, 1, "°C"],
  [214, "llsFuelLevel5", 2, S],
  [215, "llsTemperature5", 1, S, 1, "°C"],
  [237, "networkType", 1, U], // 0 3G, 1 GSM, 2 4G, 3 LTE-M, 4 NB-IoT
  [238, "userId", 8, H], // listed as "User ID": MAC of a Bluetooth NMEA receiver
  [239, "ignition", 1, U],
  [240, "movement", 1, U],
  [241, "activeGsmOperator", 4, U], // MCC+MNC
  [263, "btStatus", 1, U],
  [264, "barcodeId", X, T],
  [269, "escortLlsTemperature1", 1, S, 1, "°C"],
  [271, "escortLlsBatteryVoltage1", 2, U, 0.01, "V"],
  [272, "escortLlsTemperature2", 1, S, 1, "°C"],
  [274, "escortLlsBatteryVoltage2", 2, U, 0.01, "V"],
  [275, "escortLlsTemperature3", 1, S, 1, "°C"],
  [277, "escortLlsBatteryVoltage3", 2, U, 0.01, "V"],
  [278, "escortLlsTemperature4", 1, S, 1, "°C"],
  [280, "escortLlsBatteryVoltage4", 2, U, 0.01, "V"],
  [303, "instantMovement", 1, U],
  [327, "ul202FuelLevel", 2, S, 0.1, "mm"],
  [329, "ainSpeed", 2, U],
  [380, "digitalOutput3", 1, U],
  [381, "groundSense", 1, U],
  [383, "axlCalibrationStatus", 1, U], // 0 none, 1 calibrated, 2 not configured, 3 fully calibrated
  [385, "beacon", X, H], // list of beacon ids and RSSI
  [387, "iso6709Coordinates", X, T], // ±DDMMSS.SSSS±DDDMMSS.SSSS±AAA.AAA/
  [403, "driverName", X, T], // from the driver card, without the $ delimiters
  [404, "driverCardLicenseType", 1, U],
  [405, "driverGender", 1, U], // 0 none, 1 male, 2 female
  [406, "driverCardId", 4, U],
  [408, "driverCardPlaceOfIssue", 4, U],
  [409, "driverStatusEvent", 1, U], // 0 registered, 1 deregistered, 2 swapping
  [483, "ul202SensorStatus", 1, U],
  [500, "msp500VendorName", X, T],
  [501, "msp500VehicleNumber", X, T],
  [502, "msp500SpeedSensor", 1, U],
  [622, "frequencyDin1", 2, U, 0.1, "Hz"],
  [623, "frequencyDin2", 2, U, 0.1, "Hz"],
  [636, "umtsLteCellId", 4, U],
  [637, "wakeReason", 1, U],
];

const EVENTUAL: Row[] = [
  ...GEOFENCE_ZONE_IDS.map((id, i): Row => [id, `geofenceZone${pad2(i + 1)}`, 1, U]),
  [14, "iccid2", 8, U], // SIM ICCID, least significant part
  [175, "autoGeofence", 1, U],
  [236, "alarm", 1, U],
  [243, "greenDrivingEventDuration", 2, U, 1, "ms"],
  [246, "towing", 1, U],
  [247, "crashDetection", 1, U], // 1..6, see the AVL list
  [248, "immobilizer", 1, U], // 0 no iButton, 1 immobilizer, 2 authorized driving
  [249, "jamming", 1, U],
  [250, "trip", 1, U], // 0 stop, 1 start, 2 business, 3 private, 4..9 custom
  [251, "idling", 1, U],
  [252, "unplug", 1, U],
  [253, "greenDrivingType", 1, U], // 1 acceleration, 2 braking, 3 cornering
  [254, "greenDrivingValue", 1, U, 0.01], // g, or rad/s for GPS-sourced cornering
  [255, "overSpeeding", 1, U, 1, "km/h"],
  [257, "crashTraceData", X, H],
  [258, "ecoMaximum", 8, H], // 2 B zero, then X, Y, Z maxima in mG
  [259, "ecoAverage", 8, H], // 2 B zero, then X, Y, Z averages in mG
  [260, "ecoDuration", 2, U, 1, "ms"],
  [283, "drivingState", 1, U], // 1 ignition on, 2 driving, 3 ignition off
  [284, "drivingRecords", 2, U],
  [285, "bloodAlcoholContent", 2, U], // 14 bits per mille x 1000, 2 bits test mode
  [317, "crashEventCounter", 1, U],
  [318, "gnssJamming", 1, U], // 0 ok, 1 warning, 2 critical
  [391, "privateMode", 1, U],
  [449, "ignitionOnCounter", 4, U, 1, "s"],
  [548, "advancedBleBeaconData", X, H],
  [1412, "motorcycleFallDetection", 1, U],
];

const OBD: Row[] = [
  [30, "numberOfDtc", 1, U],
  [31, "engineLoad", 1, U, 1, "%"],
  [32, "coolantTemperature", 1, S, 1, "°C"],
  [33, "shortFuelTrim", 1, S, 1, "%"],
  [34, "fuelPressure", 2, U, 1, "kPa"],
  [35, "intakeMap", 1, U, 1, "kPa"],
  [36, "engineRpm", 2, U, 1, "rpm"],
  [37, "vehicleSpeed", 1, U, 1, "km/h"],
  [38, "timingAdvance", 1, S, 1, "°"],
  [39, "intakeAirTemperature", 1, S, 1, "°C"],
  [40, "maf", 2, U, 0.01, "g/s"],
  [41, "throttlePosition", 1, U, 1, "%"],
  [42, "runtimeSinceEngineStart", 2, U, 1, "s"],
  [43, "distanceTraveledMilOn", 2, U, 1, "km"],
  [44, "relativeFuelRailPressure", 2, U, 0.1, "kPa"],
  [45, "directFuelRailPressure", 2, U, 10, "kPa"],
  [46, "commandedEgr", 1, U, 1, "%"],
  [47, "egrError", 1, S, 1, "%"],
  [48, "fuelLevel", 1, U, 1, "%"],
  [49, "distanceSinceCodesClear", 2, U, 1, "km"],
  [50, "barometricPressure", 1, U, 1, "kPa"],
  [51, "controlModuleVoltage", 2, U, 0.001, "V"],
  [52, "absoluteLoadValue", 2, U, 1, "%"],
  [53, "ambientAirTemperature", 1, S, 1, "°C"],
  [54, "timeRunWithMilOn", 2, U, 1, "min"],
  [55, "timeSinceCodesCleared", 2, U, 1, "min"],
  [56, "absoluteFuelRailPressure", 2, U, 0.1, "kPa"],
  [57, "hybridBatteryPackLife", 1, U, 1, "%"],
  [58, "engineOilTemperature", 1, U, 1, "°C"],
  [59, "fuelInjectionTiming", 2, S, 0.01, "°"],
  [60, "fuelRate", 2, U, 0.01, "l/h"],
  [256, "vin", X, T],
  [281, "faultCodes", X, T], // comma-separated DTCs
  [540, "throttlePositionGroup", 1, U, 1, "%"],
  [541, "commandedEquivalenceRatio", 1, U, 0.01],
  [542, "intakeMap2Bytes", 2, U, 1, "kPa"],
  [543, "hybridSystemVoltage", 2, U, 1, "V"],
  [544, "hybridSystemCurrent", 2, S, 1, "A"],
  [759, "fuelType", 1, U], // SAE J1979 fuel type code
  // OBD OEM elements: vehicle-specific PIDs
  [389, "oemTotalMileage", 4, U, 1, "km"],
  [390, "oemFuelLevel", 4, U, 0.1, "l"],
  [402, "oemDistanceUntilService", 4, U, 1, "km"],
  [410, "oemBatteryChargeState", 1, U], // 0 not charging, 1 charging
  [411, "oemBatteryChargeLevel", 1, U, 1, "%"],
  [412, "oemBatteryPowerConsumption", 2, U, 1, "kWh/100km"],
  [755, "oemRemainingDistance", 2, U, 1, "km"],
  [1151, "oemBatteryStateOfHealth", 2, U, 1, "%"],
  [1152, "oemBatteryTemperature", 2, S, 1, "°C"],
];

// Single-bit state flags the adapters also publish as separate 0/1 elements (SSF security, CSF control, ISF indicator,
// ASF agricultural, USF utility, CiSF cistern). 911 and 912 are listed with inverted descriptions ("0 - clutch is
// pushed"); the element names are taken at their word.
const CAN_FLAGS: Row[] = [
  ...flags(652, [
    "canSsfKeyInIgnitionLock", "canSsfHandbrakeIsActive", "canSsfFrontLeftDoorOpen", "canSsfFrontRightDoorOpen",
    "canSsfRearLeftDoorOpen", "canSsfRearRightDoorOpen", "canSsfTrunkDoorOpen", "canSsfNeutralGearActive",
    "canSsfParkingGearActive", "canSsfReverseGearActive", "canSsfCarIsClosed",
  ]),
  ...flags(898, [
    "canSsfIgnition", "canSsfWebasto", "canSsfEngineWorking", "canSsfStandaloneEngine", "canSsfReadyToDrive",
    "canSsfEngineWorkingOnCng",
  ]),
  [904, "canSsfWorkMode", 1, U], // 0 private, 1 company
  ...flags(905, [
    "canSsfOperatorPresent", "canSsfInterlockActive", "canSsfEngineLockActive", "canSsfRequestToLockEngine",
    "canSsfRoofOpen", "canSsfFootbrakeIsActive", "canSsfClutchPushed", "canSsfHazardWarningLights",
    "canSsfEngineCoverOpen", "canSsfChargingWirePlugged", "canSsfBatteryCharging", "canSsfElectricEngineOn",
    "canSsfCarClosedFactoryRemote", "canSsfFactoryAlarmActuated", "canSsfFactoryAlarmEmulated",
    "canSsfSignalCloseFactoryRemote", "canSsfSignalOpenFactoryRemote", "canSsfRearmingSignal",
    "canSsfTrunkDoorOpenedFactoryRemote", "canSsfCanModuleInSleep", "canSsfFactoryRemote3x", "canSsfFactoryArmed",
    "canSsfDriveIsActive",
  ]),
  ...flags(928, [
    "canCsfParkingLights", "canCsfDippedHeadlights", "canCsfFullBeamHeadlights", "canCsfRearFogLights",
    "canCsfFrontFogLights", "canCsfAdditionalFrontLights", "canCsfAdditionalRearLights", "canCsfLightSignal",
    "canCsfAirConditioning", "canCsfCruiseControl", "canCsfAutomaticRetarder", "canCsfManualRetarder",
    "canCsfDriverSeatbeltFastened", "canCsfFrontDriverSeatbeltFastened", "canCsfLeftDriverSeatbeltFastened",
    "canCsfRightDriverSeatbeltFastened", "canCsfCentreDriverSeatbeltFastened", "canCsfFrontPassengerPresent",
    "canCsfPto", "canCsfFrontDifferentialLocked", "canCsfRearDifferentialLocked",
    "canCsfCentralDifferential4hiLocked", "canCsfRearDifferential4loLocked", "canCsfTrailerAxle1LiftActive",
    "canCsfTrailerAxle2LiftActive",
  ]),
  ...flags(953, [
    "canIsfCheckEngineIndicator", "canIsfAbsIndicator", "canIsfEspIndicator", "canIsfEspTurnedOff",
    "canIsfStopIndicator", "canIsfOilLevelIndicator", "canIsfCoolantLiquidLevel",
    "canIsfBatteryNotChargingIndicator", "canIsfHandbrakeSystemIndicator", "canIsfAirbagIndicator",
    "canIsfEpsIndicator", "canIsfWarningIndicator", "canIsfLightsFailureIndicator",
    "canIsfLowTirePressureIndicator", "canIsfWearOfBrakePadsIndicator", "canIsfLowFuelLevelIndicator",
    "canIsfMaintenanceRequiredIndicator", "canIsfGlowPlugIndicator", "canIsfFapIndicator", "canIsfEpcIndicator",
    "canIsfCloggedEngineOilFilterIndicator", "canIsfLowEngineOilPressureIndicator",
    "canIsfTooHighEngineOilTemperatureIndicator", "canIsfLowCoolantLevelIndicator",
    "canIsfCloggedHydraulicSystemOilFilterIndicator", "canIsfHydraulicSystemLowPressureIndicator",
    "canIsfHydraulicOilLowLevelIndicator", "canIsfHydraulicSystemHighTemperatureIndicator",
    "canIsfOilOverflowInHydraulicChamberIndicator", "canIsfCloggedAirFilterIndicator",
    "canIsfCloggedFuelFilterIndicator", "canIsfWaterInFuelIndicator", "canIsfCloggedBrakeSystemFilterIndicator",
    "canIsfLowWasherFluidLevelIndicator", "canIsfLowAdblueLevelIndicator", "canIsfLowTrailerTyrePressureIndicator",
    "canIsfWearOfTrailerBrakeLiningIndicator", "canIsfHighTrailerBrakeTemperatureIndicator",
    "canIsfIncorrectTrailerPneumaticSupplyIndicator", "canIsfLowCngLevelIndicator",
  ]),
  ...flags(993, [
    "canAsfRightJoystickMovedRightActive", "canAsfRightJoystickMovedLeftActive",
    "canAsfRightJoystickMovedForwardActive", "canAsfRightJoystickMovedBackActive",
    "canAsfLeftJoystickMovedRightActive", "canAsfLeftJoystickMovedLeftActive",
    "canAsfLeftJoystickMovedForwardActive", "canAsfLeftJoystickMovedBackActive", "canAsfFirstRearHydraulic",
    "canAsfSecondRearHydraulic", "canAsfThirdRearHydraulic", "canAsfFourthRearHydraulic",
    "canAsfFirstFrontHydraulic", "canAsfSecondFrontHydraulic", "canAsfThirdFrontHydraulic",
    "canAsfFourthFrontHydraulic", "canAsfFrontThreePointHitch", "canAsfRearThreePointHitch",
    "canAsfFrontPowerTakeOff", "canAsfRearPowerTakeOff", "canAsfMowingActive", "canAsfThreshingActive",
    "canAsfGrainReleaseFromHopper", "canAsfGrainTankFull100", "canAsfGrainTankFull70", "canAsfGrainTankOpened",
    "canAsfUnloaderDrive", "canAsfCleaningFanControlTurnedOff", "canAsfThreshingDrumControlTurnedOff",
    "canAsfStrawWalkerClogged", "canAsfExcessiveClearanceUnderThreshingDrum",
    "canAsfLowDriveSystemHydraulicsTemperature", "canAsfHighDriveSystemHydraulicsTemperature",
    "canAsfEarAugerSpeedBelowNorm", "canAsfGrainAugerSpeedBelowNorm", "canAsfStrawChopperSpeedBelowNorm",
    "canAsfStrawShakerSpeedBelowNorm", "canAsfFeederSpeedBelowNorm", "canAsfStrawChopperSwitchedOn",
    "canAsfCornHeaderConnected", "canAsfGrainHeaderConnected", "canAsfFeederReverseSwitchedOn",
    "canAsfHydraulicPumpPressureFilterClogged",
  ]),
  // 1043 is listed a second time as "USF Spreading"; left out rather than guessed
  ...flags(1036, [
    "canUsfSpreading", "canUsfPouringChemicals", "canUsfConveyorBelt", "canUsfSaltSpreaderDriveWheel",
    "canUsfBrushes", "canUsfVacuumCleaner", "canUsfWaterSupply",
  ]),
  ...flags(1044, [
    "canUsfLiquidPump", "canUsfUnloadingFromHopper", "canUsfLowSaltSandLevelInContainerIndicator",
    "canUsfLowWaterLevelInContainerIndicator", "canUsfChemicals", "canUsfCompressor", "canUsfWaterValveOpened",
    "canUsfCabinMovedUpStatusActive", "canUsfCabinMovedDownStatusActive",
  ]),
  // cistern sections 1..8: presence of fluid in the downpipe, filled, overfilled
  ...Array.from({ length: 8 }, (_, s) =>
    flags(1053 + 3 * s, [
      `canCisfSection${s + 1}FluidInDownpipe`,
      `canCisfSection${s + 1}Filled`,
      `canCisfSection${s + 1}Overfilled`,
    ]),
  ).flat(),
  ...flags(1083, [
    "canSsfEngineWorkingOnDualFuel", "canSsfEngineWorkingOnLpg", "canCsfTrailerConnected",
    "canCsfStartStopSystemInactive", "canAsfAdapterPressureFilterSensor", "canAsfService2RequiredIndicator",
    "canAsfDrainFilterCloggedIndicator",
  ]),
  ...Array.from({ length: 9 }, (_, i): Row => [1090 + i, `canAsfSection${i + 1}Spraying`, 1, B]),
  [1099, "canUsfHydraulicsWorkNotPermitted", 1, B],
];

const CAN: Row[] = [
  [81, "canVehicleSpeed", 1, U, 1, "km/h"],
  [82, "canAcceleratorPedalPosition", 1, U, 1, "%"],
  [83, "canFuelConsumed", 4, U, 0.1, "l"],
  [84, "canFuelLevelLiters", 2, U, 0.1, "l"],
  [85, "canEngineRpm", 2, U, 1, "rpm"],
  [87, "canTotalMileage", 4, U, 1, "m"], // dashboard odometer
  [89, "canFuelLevelPercent", 1, U, 1, "%"],
  [90, "canDoorStatus", 2, U], // bitmask, also published as booleans (io-values.ts)
  [100, "canProgramNumber", 4, U],
  [101, "canModuleId", 8, H],
  [102, "canEngineWorktime", 4, U, 1, "min"],
  [103, "canEngineWorktimeCounted", 4, U, 1, "min"],
  [105, "canTotalMileageCounted", 4, U, 1, "m"],
  [107, "canFuelConsumedCounted", 4, U, 0.1, "l"],
  [110, "canFuelRate", 2, U, 0.1, "l/h"],
  [111, "canAdblueLevelPercent", 1, U, 1, "%"],
  [112, "canAdblueLevelLiters", 2, U, 0.1, "l"],
  [114, "canEngineLoad", 1, U, 1, "%"],
  [115, "canEngineTemperature", 2, S, 0.1, "°C"],
  ...[1, 2, 3, 4, 5].map((axle): Row => [117 + axle, `canAxle${axle}Load`, 2, U, 1, "kg"]),
  [123, "canControlStateFlags", 4, U],
  [124, "canAgriculturalMachineryFlags", 8, U],
  [125, "canHarvestingTime", 4, U, 1, "min"],
  [126, "canAreaOfHarvest", 4, U, 1, "m2"],
  [127, "canMowingEfficiency", 4, U, 1, "m2/h"],
  [128, "canGrainMownVolume", 4, U, 1, "kg"],
  [129, "canGrainMoisture", 2, U, 1, "%"],
  [130, "canHarvestingDrumRpm", 2, U, 1, "rpm"],
  [131, "canGapUnderHarvestingDrum", 1, U, 1, "mm"],
  [132, "canSecurityStateFlags", 8, U], // bitmask, also published as canSsf* booleans (io-values.ts)
  [134, "canTripDistance", 4, U, 1, "m"],
  [151, "canBatteryTemperature", 2, S, 0.1, "°C"],
  [152, "canHvBatteryLevel", 1, U, 1, "%"],
  [160, "canDtcFaults", 1, U],
  [161, "canSlopeOfArm", 2, S, 1, "°"],
  [162, "canRotationOfArm", 2, S, 1, "°"],
  [163, "canEjectOfArm", 2, U, 1, "m"],
  [164, "canHorizontalDistanceArmVehicle", 2, U, 1, "m"],
  [165, "canHeightArmAboveGround", 2, U, 1, "m"],
  [166, "canDrillRpm", 2, U, 1, "rpm"],
  [167, "canSpreadSaltPerSquareMetre", 2, U, 1, "g/m2"],
  [168, "canBatteryVoltage", 2, U, 1, "V"],
  [169, "canSpreadFineGrainedSalt", 4, U, 1, "t"],
  [170, "canSpreadCoarseGrainedSalt", 4, U, 1, "t"],
  [171, "canSpreadDiMix", 4, U, 1, "t"],
  [172, "canSpreadCoarseGrainedCalcium", 4, U, 1, "m3"],
  [173, "canSpreadCalciumChloride", 4, U, 1, "m3"],
  [174, "canSpreadSodiumChloride", 4, U, 1, "m3"],
  [176, "canSpreadMagnesiumChloride", 4, U, 1, "m3"],
  [177, "canSpreadGravel", 4, U, 1, "t"],
  [178, "canSpreadSand", 4, U, 1, "t"],
  [183, "canWidthPouringLeft", 2, U, 1, "m"],
  [184, "canWidthPouringRight", 2, U, 1, "m"],
  [185, "canSaltSpreaderWorkingHours", 4, U, 1, "h"],
  [186, "canDistanceDuringSalting", 4, U, 1, "km"],
  [187, "canLoadWeight", 4, U, 1, "kg"],
  [188, "canRetarderLoad", 1, U, 1, "%"],
  [189, "canCruiseTime", 4, U, 1, "min"],
  [232, "canCngStatus", 1, U],
  [233, "canCngUsed", 4, U, 1, "kg"], // Traccar scales this by 0.1; the AVL list says kg
  [234, "canCngLevel", 1, U, 1, "%"],
  [235, "canOilLevel", 1, U], // engine oil level indicator status
  [282, "canFaultCodes", X, H], // LV-CAN200 DTCs
  [304, "canVehiclesRangeOnBattery", 4, U, 1, "m"],
  [305, "canVehiclesRangeOnAdditionalFuel", 4, U, 1, "m"],
  [325, "canVin", X, T],
  [388, "canModuleId17b", X, H],
  [400, "canDistanceToNextService", 4, U],
  [450, "canCngLevelKg", 2, U, 10, "kg"],
  [517, "canSecurityStateFlagsP4", 8, H],
  [518, "canControlStateFlagsP4", 8, H],
  [519, "canIndicatorStateFlagsP4", 8, H],
  [520, "canAgriculturalStateFlagsP4", 8, H],
  [521, "canUtilityStateFlagsP4", 8, H],
  [522, "canCisternStateFlagsP4", 8, H],
  [855, "canLngUsed", 4, U, 1, "kg"],
  [856, "canLngUsedCounted", 4, U, 1, "kg"],
  [857, "canLngLevelPercent", 2, U, 1, "%"],
  [858, "canLngLevelKg", 2, U, 1, "kg"],
  [859, "canDistanceFromNeedOfService", 4, U, 1, "km"],
  [860, "canDistanceFromLastService", 4, U, 1, "km"],
  [861, "canTimeToNextService", 2, U, 1, "d"],
  [862, "canTimeFromNeedOfService", 2, U, 1, "d"],
  [863, "canTimeFromLastService", 2, U, 1, "d"],
  [864, "canDistanceToNextOilService", 4, U, 1, "km"],
  [865, "canTimeToNextOilService", 2, U, 1, "d"],
  [866, "canVehicleRange", 4, U, 1, "km"],
  [867, "canTotalCngCounted", 4, U, 1, "kg"],
  [1079, "canTotalBaleCount", 4, U],
  [1080, "canBaleCount", 4, U],
  [1081, "canCutBaleCount", 4, U],
  [1082, "canBaleSlices", 4, U],
  [1100, "canTotalLpgUsed", 4, U, 1, "l"],
  [1101, "canTotalLpgUsedCounted", 4, U, 1, "l"],
  [1102, "canLpgLevelPercent", 2, U, 1, "%"],
  [1103, "canLpgLevelLiters", 2, U, 1, "l"],
  [1112, "canHvBatteryPackVoltage", 2, U, 1, "V"],
  [1113, "canHvBatteryPackCurrent", 2, U, 1, "A"],
  [1116, "canMaxRoadSpeed", 1, U, 1, "km/h"],
  [1117, "canExceededRoadSpeed", 1, U, 1, "km/h"],
  [1158, "canEngineOilPressure", 2, U, 1, "kPa"],
  [1159, "canEngineOilLevel", 1, U, 1, "%"],
  // road sign recognition: 1 recognized, 0 cancelled
  ...run(1205, 1, U, [
    "canRsfSpeedLimitSign", "canRsfEndOfSpeedLimitSign", "canRsfSpeedExceeded", "canRsfTimeSpeedLimitSign",
    "canRsfWeatherSpeedLimitSign",
  ]),
  ...CAN_FLAGS,
];

// Tachograph data read by ALL-CAN300: still CAN adapter data, hence the `can` prefix.
const TACHOGRAPH: Row[] = [
  [133, "canTachoTotalVehicleDistance", 4, U, 1, "m"],
  [135, "canTachoVehicleSpeed", 2, U, 1, "km/h"],
  [136, "canTachoDriverCardPresence", 1, U], // 0 none, 1 driver 1, 2 driver 2, 3 both
  [137, "canDriver1States", 1, U],
  [138, "canDriver2States", 1, U],
  [139, "canDriver1ContinuousDrivingTime", 2, U, 1, "min"],
  [140, "canDriver2ContinuousDrivingTime", 2, U, 1, "min"],
  [141, "canDriver1CumulativeBreakTime", 2, U, 1, "min"],
  [142, "canDriver2CumulativeBreakTime", 2, U, 1, "min"],
  [143, "canDriver1SelectedActivityDuration", 2, U, 1, "min"],
  [144, "canDriver2SelectedActivityDuration", 2, U, 1, "min"],
  [145, "canDriver1CumulativeDrivingTime", 2, U, 1, "min"],
  [146, "canDriver2CumulativeDrivingTime", 2, U, 1, "min"],
  // card number as ASCII, 8 characters per element; io-values.ts joins them into canDriver1Id / canDriver2Id
  [147, "canDriver1IdHigh", 8, T],
  [148, "canDriver1IdLow", 8, T],
  [149, "canDriver2IdHigh", 8, T],
  [150, "canDriver2IdLow", 8, T],
];

const BLE: Row[] = [
  [29, "bleBattery1", 1, U, 1, "%"],
  [20, "bleBattery2", 1, U, 1, "%"],
  [22, "bleBattery3", 1, U, 1, "%"],
  [23, "bleBattery4", 1, U, 1, "%"],
  // 25..28 and 86..108 carry error codes (e.g. 32767 not found) as in-band values; published as scaled
  ...series(25, "bleTemperature", 4, 2, S, 0.01, "°C"),
  [86, "bleHumidity1", 2, U, 0.1, "%RH"],
  [104, "bleHumidity2", 2, U, 0.1, "%RH"],
  [106, "bleHumidity3", 2, U, 0.1, "%RH"],
  [108, "bleHumidity4", 2, U, 0.1, "%RH"],
  [270, "bleFuelLevel1", 2, U],
  [273, "bleFuelLevel2", 2, U],
  [276, "bleFuelLevel3", 2, U],
  [279, "bleFuelLevel4", 2, U],
  ...series(306, "bleFuelFrequency", 4, 4, U),
  // "BLE n Custom #1" for sensors 1..4, then "BLE n Custom #2..#5", four per sensor
  ...[1, 2, 3, 4].map((sensor): Row => [330 + sensor, `bleSensor${sensor}Custom1`, X, H]),
  ...series(335, "bleLuminosity", 4, 2, U, 1, "lx"),
  ...series(451, "bleRfid", 4, 8, H),
  ...series(455, "bleButton1State", 4, 1, U),
  ...series(459, "bleButton2State", 4, 1, U),
  ...[1, 2, 3, 4].flatMap((sensor) =>
    [2, 3, 4, 5].map((k, i): Row => [463 + 4 * (sensor - 1) + i, `bleSensor${sensor}Custom${k}`, 4, U]),
  ),
  // EYE sensors 1..4
  ...series(10800, "eyeTemperature", 4, 2, S, 0.01, "°C"),
  ...series(10804, "eyeHumidity", 4, 1, U, 1, "%"),
  ...series(10808, "eyeMagnet", 4, 1, U),
  ...series(10812, "eyeMovement", 4, 2, U),
  ...series(10816, "eyePitch", 4, 1, S, 1, "°"),
  ...series(10820, "eyeLowBattery", 4, 1, U),
  ...series(10824, "eyeBatteryVoltage", 4, 1, U), // raw sensor code, scale not given by the list
  ...series(10832, "eyeRoll", 4, 2, S, 1, "°"),
  ...series(10836, "eyeMovementCount", 4, 2, U),
  ...series(10840, "eyeMagnetCount", 4, 2, U),
];

const GROUPS: readonly (readonly [IoGroup, readonly Row[]])[] = [
  ["permanent", PERMANENT],
  ["eventual", EVENTUAL],
  ["obd", OBD],
  ["can", CAN],
  ["tachograph", TACHOGRAPH],
  ["ble", BLE],
];

function build(): ReadonlyMap<number, IoElementDef> {
  const map = new Map<number, IoElementDef>();
  for (const [group, rows] of GROUPS) {
    for (const [id, name, bytes, type, multiplier, unit] of rows) {
      if (map.has(id)) throw new Error(`IO element ${id} is listed twice`);
      const def: IoElementDef = { id, name, bytes, type, group };
      if (multiplier !== undefined && multiplier !== 1) def.multiplier = multiplier;
      if (unit !== undefined) def.unit = unit;
      map.set(id, Object.freeze(def));
    }
  }
  return map;
}

export const IO_ELEMENTS: ReadonlyMap<number, IoElementDef> = build();
